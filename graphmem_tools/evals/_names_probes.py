"""Two shapes of the `graphmem eval names` set written later than the first five, each before it was run (stop 47):
a law firm's clients (hyphenated names and surnames, particles, a middle initial, Arabic, Indian, Irish and
Norwegian names, legal suffixes, a surname two clients share) and a school's pupils and staff (curly
apostrophes, hyphenated first names, siblings by surname, an initial). Probe 6 (the firm) scored 29/35 on its
first run: "Anne-Marie", "Dupont-Moreau", "Al-Sayed" came back as one span per word, and "Robert Chen" as
Robert plus an ambiguous Chen; 35/35 after. Probe 7 (the school), written after that change: 18/18 on its first
run."""

from __future__ import annotations

from graphmem_tools.evals._names_model import T1, T2, T3, Entity, World, q

FIRM = World("firm", (
    Entity("cl-1", "client", "Anne-Marie Dupont-Moreau", (("city", "Lyon", T1), ("city", "Paris", T3),
                                                          ("lawyer", "Claire Martin", T1), ("matter", "divorce", T1))),
    Entity("cl-2", "client", "Ludwig van der Berg", (("city", "Utrecht", T1), ("lawyer", "Pieter de Vries", T1),
                                                     ("lawyer", "Sanne Bakker", T2))),
    Entity("cl-3", "client", "Fatima Al-Sayed", (("city", "Dubai", T1), ("city", "Abu Dhabi", T2),
                                                 ("phone", "+971 50 123 4567", T1))),
    Entity("cl-4", "client", "Siddharth Rao", (("city", "Bengaluru", T1), ("retainer", "monthly", T1),
                                               ("retainer", "annual", T3))),
    Entity("cl-5", "client", "María de la Cruz", (("city", "Valencia", T1),)),
    Entity("cl-6", "client", "Seán MacDonald", (("city", "Glasgow", T1), ("city", "Edinburgh", T3))),
    Entity("cl-7", "client", "Ingrid Ødegård", (("city", "Bergen", T1),)),
    Entity("cl-8", "company", "Globex Corporation", (("city", "Springfield", T1), ("account_manager", "Rita Gomes", T1),
                                                     ("account_manager", "Omar Haddad", T2))),
    Entity("cl-9", "company", "Initech LLC", (("city", "Austin", T1), ("industry", "software", T1))),
    Entity("cl-10", "client", "Robert T. Chen", (("city", "Boston", T1),)),
    Entity("cl-11", "client", "Chen Jie", (("city", "Taipei", T1),)),
), (
    q("Where does Anne-Marie Dupont-Moreau live now?", "Paris", "Lyon"),
    q("Where did Anne-Marie live in 2024?", "Lyon", "Paris", kind="time"),
    q("Mrs Dupont-Moreau's lawyer?", "Claire Martin", kind="title"),
    q("What's anne marie dupont moreau's city", "Paris", "Lyon", kind="punctuation"),
    q("Who is Ludwig van der Berg's lawyer?", "Sanne Bakker", "Pieter de Vries"),
    q("Who was Mr. van der Berg's lawyer in 2024?", "Pieter de Vries", "Sanne Bakker", kind="time"),
    q("Where is Van der Berg based?", "Utrecht", kind="surname"),
    q("Fatima Al-Sayed's phone number?", "971501234567"),
    q("Where did Ms. Al-Sayed live in early 2025?", "Dubai", "Abu Dhabi", kind="time"),
    q("where does fatima alsayed live", "Abu Dhabi", "Dubai", kind="punctuation"),
    q("What retainer does Siddharth Rao have?", "annual", "monthly"),
    q("Was Mr Rao on a monthly retainer in 2025?", "monthly", "annual", kind="time"),
    q("Where does Maria de la Cruz live?", "Valencia", kind="diacritics"),
    q("Ms. de la Cruz's city?", "Valencia", kind="title"),
    q("Where does Sean MacDonald live?", "Edinburgh", "Glasgow", kind="diacritics"),
    q("Where did Mr. MacDonald live last year?", "Glasgow", "Edinburgh", kind="time", relative=True),
    q("Where does Ingrid Odegard live?", "Bergen", kind="diacritics"),
    q("Who manages the Globex account?", "Omar Haddad", "Rita Gomes"),
    q("Who managed Globex Corporation in 2024?", "Rita Gomes", "Omar Haddad", kind="time"),
    q("What city is Globex Corp in?", "Springfield"),
    q("Which industry is Initech in?", "software"),
    q("initech llc city", "Austin", kind="case"),
    q("Where does Robert Chen live?", "Boston", "Taipei"),
    q("Where does Mr. Chen live?", ("Boston", "Taipei"), ambiguous=True, kind="ambiguous"),
    q("Where does Chen Jie live?", "Taipei", "Boston"),
    q("Jie Chen's city?", "Taipei", "Boston", kind="order"),
    q("Who lives in Bergen?", "Ingrid", kind="reverse"),
    q("Which client lives in Boston?", "Robert", kind="reverse"),
    q("Who is Claire Martin's client?", "Anne-Marie", kind="reverse"),
    q("Is Siddharth still on the monthly retainer?", "annual", "monthly"),
    q("SEÁN MACDONALD CITY", "Edinburgh", "Glasgow", kind="case"),
    q("Where was Fatima living at the end of 2024?", "Dubai", "Abu Dhabi", kind="time"),
    q("What's the name of Ludwig's lawyer now?", "Sanne Bakker", "Pieter de Vries", kind="first name"),
    q("Where's dupont-moreau based?", "Paris", "Lyon", kind="surname"),
    q("who is anne-marie's lawyer", "Claire Martin", kind="first name"),
))


SCHOOL = World("school", (
    Entity("p-1", "pupil", "Mary-Kate O’Brien", (("class", "4B", T1), ("class", "5B", T3), ("guardian", "Declan O’Brien", T1))),
    Entity("p-2", "pupil", "Jean-Luc Moreau", (("class", "3A", T1), ("bus", "route 7", T1), ("bus", "route 12", T2))),
    Entity("p-3", "pupil", "Amara Okonkwo-Bello", (("class", "6C", T1), ("allergy", "peanuts", T1))),
    Entity("p-4", "pupil", "Luca Rossi", (("class", "2A", T1),)),
    Entity("p-5", "pupil", "Giulia Rossi", (("class", "4A", T1), ("class", "5A", T3))),
    Entity("t-1", "teacher", "Hannah K. Weiss", (("room", "B12", T1), ("room", "C04", T2))),
    Entity("t-2", "teacher", "Kwame Mensah", (("room", "A01", T1), ("subject", "chemistry", T1))),
), (
    q("Which class is Mary-Kate O'Brien in?", "5B", "4B", kind="punctuation"),
    q("What class was Mary-Kate in last year?", "4B", "5B", kind="time", relative=True),
    q("Who is Mary Kate OBrien's guardian?", "Declan", kind="punctuation"),
    q("Which bus does Jean-Luc take?", "route 12", "route 7", kind="first name"),
    q("Which bus did Jean Luc Moreau take in 2024?", "route 7", "route 12", kind="time"),
    q("Does Amara Okonkwo-Bello have any allergies?", "peanuts"),
    q("What is Amara's allergy?", "peanuts", kind="first name"),
    q("Which class is Okonkwo-Bello in?", "6C", kind="surname"),
    q("What class is Luca Rossi in?", "2A", "4A"),
    q("Which class is Giulia Rossi in now?", "5A", ("4A", "2A")),
    q("Which class is Rossi in?", ("2A", "5A"), ambiguous=True, kind="ambiguous"),
    q("Which room is Hannah Weiss in?", "C04", "B12", kind="initial"),
    q("Which room did Ms. Weiss teach in during 2024?", "B12", "C04", kind="time"),
    q("What does Mr. Mensah teach?", "chemistry", kind="title"),
    q("kwame mensah room", "A01", kind="case"),
    q("Who teaches chemistry?", "Kwame", kind="reverse"),
    q("Who is in class 6C?", "Amara", kind="reverse"),
    q("Which room is Dr Hannah Weiss in?", "C04", "B12", kind="title"),
))
