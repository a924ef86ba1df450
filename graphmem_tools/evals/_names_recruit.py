"""Two shapes of the `graphmem eval names` set written at stop 53, each before it was run.

Probe 15, a recruiting agency (Korean given names with a hyphen, Kim Min-jun and Kim Soo-ah sharing a surname; Hindi,
Arabic, Polish, Portuguese and Hungarian names, a family name first; a client renamed, an alias; chatty and
upper-case questions; "originally"): 33/35 on its first run. "Is Min-jun still interviewing?" found "Min" and "jun"
as two spans (the part after the hyphen, in lower case, did not count as written like the first) and answered
nothing; "Where's Soo-ah Kim from originally?" answered her current city (an earlier word asked for the value before
the current one; "originally" was none). 35/35 after: a word's part after a hyphen is not compared for case, a
name's hyphenated words are also its spelling joined ("Kim Minjun", "Alsayed"), and "originally", "initially", "at
first", "original" ask for the first value. Probe 16, a university (an alias as nickname, Emeka for Chukwuemeka;
Vietnamese family name first, Welsh "ap", Irish "Ní", McKenzie and Mackenzie, Jean-luc asked as Jean-Luc), written
after that change: 25/25 on its first run. Probe 17 asks the agency again in other styles (yes/no, "when did",
"before Lisbon", "everyone in Seoul", a typo, "tell me about", chatty, a rename's new name): 19/20 on its first run;
"Has Yusuf's salary band gone up?" answered only the current band ("gone up", "increased", "upgraded" now ask for
the value before the current one, as "changed" does); 20/20 after. Probe 18, a gym (the Nakamuras, Olamide
Adebayo-Smith, Björk Guðmundsdóttir, Pierre-Yves Le Gall, Ng Wei Ling alias Wendy Ng), written after those changes:
20/20 on its first run.
"""

from __future__ import annotations

from graphmem_tools.evals._names_model import T1, T2, T3, Entity, World, q

RECRUIT = World("recruit", (
    Entity("r-1", "candidate", "Kim Min-jun", (("role", "data engineer", T1), ("status", "interviewing", T1),
           ("status", "placed", T3), ("city", "Seoul", T1), ("recruiter", "Priya Sharma", T1))),
    Entity("r-2", "candidate", "Kim Soo-ah", (("role", "product designer", T1), ("city", "Busan", T1),
           ("city", "Seoul", T2), ("status", "applied", T2))),
    Entity("r-3", "recruiter", "Priya Sharma", (("team", "tech", T1), ("team", "executive", T3), ("city", "Pune", T1))),
    Entity("r-4", "candidate", "Arjun Mehta", (("role", "backend developer", T1), ("employer", "Infosys", T1),
           ("employer", "Harborline Ltd", T3), ("city", "Mumbai", T1))),
    Entity("r-5", "candidate", "Yusuf Al-Khatib", (("role", "network engineer", T1), ("city", "Amman", T1),
           ("city", "Doha", T2), ("salary_band", "B2", T1), ("salary_band", "B3", T3))),
    Entity("r-6", "candidate", "Zofia Wiśniewska", (("role", "QA lead", T1), ("city", "Kraków", T1),
           ("status", "placed", T2))),
    Entity("r-7", "candidate", "João Gonçalves", (("role", "data analyst", T1), ("city", "Porto", T1),
           ("city", "Lisbon", T3), ("recruiter", "Priya Sharma", T2))),
    Entity("r-8", "candidate", "Nagy Ádám", (("role", "devops engineer", T1), ("city", "Budapest", T1))),
    Entity("r-9", "candidate", "Carmen García-Márquez", (("role", "HR partner", T1), ("city", "Sevilla", T1),
           ("city", "Madrid", T2))),
    Entity("r-10", "client", "Blue Harbor Ltd", (("city", "Rotterdam", T1), ("account_manager", "Priya Sharma", T1)),
           renamed_to="Harborline Ltd"),
    Entity("r-11", "client", "Tata Consultancy Services", (("city", "Bengaluru", T1), ("account_manager", "Rahul Verma", T1)),
           aliases=("TCS",)),
), (
    q("What role is Kim Min-jun applying for?", "data engineer", "product designer"),
    q("Is Min-jun still interviewing?", "placed", kind="first name"),
    q("What was Kim Min Jun's status in 2025?", "interviewing", "placed", kind="time"),
    q("Where is Kim based?", "Seoul", ambiguous=True, kind="ambiguous"),
    q("Where did Kim Soo-ah live in 2024?", "Busan", "Seoul", kind="time"),
    q("what's soo-ah's role", "product designer", "data engineer", kind="first name"),
    q("Which team is Priya Sharma on now?", "executive", "tech"),
    q("Which team was Priya on last year?", "tech", "executive", kind="time", relative=True),
    q("Who is Kim Min-jun's recruiter?", "Priya Sharma"),
    q("Which candidates does Priya Sharma recruit for?", ("Min-jun", "Gon"), kind="reverse"),
    q("Where does Arjun Mehta work now?", "Harborline", "Infosys"),
    q("Who was Arjun's employer in 2025?", "Infosys", "Harborline", kind="time"),
    q("Who works at Harborline Ltd?", "Arjun", kind="reverse"),
    q("What is Mr Al-Khatib's salary band?", "B3", "B2", kind="title"),
    q("where does yusuf al khatib live", "Doha", "Amman", kind="punctuation"),
    q("What salary band was Yusuf on in 2024?", "B2", "B3", kind="time"),
    q("Which city is Zofia Wisniewska in?", "Krak", kind="diacritics"),
    q("Zofia’s role?", "QA lead", kind="punctuation"),
    q("Where does Joao Goncalves live now?", "Lisbon", "Porto", kind="diacritics"),
    q("Where was João living in 2025?", "Porto", "Lisbon", kind="time"),
    q("Who recruits João?", "Priya Sharma"),
    q("What does Ádám Nagy do?", "devops engineer", kind="order"),
    q("adam nagy role", "devops engineer", kind="case"),
    q("Where is Ms. García-Márquez based now?", "Madrid", "Sevilla", kind="title"),
    q("Where did Carmen Garcia Marquez live in 2024?", "Sevilla", "Madrid", kind="time"),
    q("Which city was Blue Harbor Ltd in in 2024?", "Rotterdam", kind="rename"),
    q("Who is the account manager for Harborline?", "Priya Sharma"),
    q("Who manages the TCS account?", "Rahul Verma", kind="alias"),
    q("Which city is Tata Consultancy Services in?", "Bengaluru"),
    q("Which clients does Rahul Verma manage?", "Tata", kind="reverse"),
    q("HI, WHAT ROLE IS ARJUN MEHTA UP FOR?", "backend developer", kind="case"),
    q("Can you remind me which city Priya is based in?", "Pune", kind="chatty"),
    q("What role did Mr. Mehta apply for?", "backend developer", kind="title"),
    q("Is Kim Minjun placed yet?", "placed", "applied", kind="punctuation"),
    q("Where's Soo-ah Kim from originally?", "Busan", kind="time"),
))


UNI = World("uni", (
    Entity("s-1", "student", "Chukwuemeka Obi", (("program", "Physics", T1), ("program", "Mathematics", T2),
           ("dorm", "Hall A", T1), ("dorm", "Hall C", T2), ("dorm", "Hall F", T3), ("advisor", "Eleni Papadopoulou", T1)),
           aliases=("Emeka Obi",)),
    Entity("s-2", "student", "Trần Thị Mai", (("program", "Chemistry", T1), ("year", "second", T1), ("year", "third", T3))),
    Entity("s-3", "student", "Rhys ap Gruffydd", (("program", "History", T1), ("dorm", "Hall B", T1))),
    Entity("s-4", "student", "Sophie de Jong", (("program", "Economics", T1), ("advisor", "Hamish McKenzie", T1),
           ("advisor", "Eleni Papadopoulou", T3))),
    Entity("p-1", "professor", "Eleni Papadopoulou", (("department", "Physics", T1), ("office", "B-204", T1),
           ("office", "C-310", T3))),
    Entity("p-2", "professor", "Hamish McKenzie", (("department", "Economics", T1), ("office", "D-101", T1))),
    Entity("p-3", "professor", "Fiona Mackenzie", (("department", "History", T1), ("office", "A-015", T1))),
    Entity("s-5", "student", "Jean-luc Moreau", (("program", "Philosophy", T1), ("dorm", "Hall D", T1))),
    Entity("s-6", "student", "Aoife Ní Bhriain", (("program", "Music", T1), ("dorm", "Hall E", T1))),
), (
    q("Which program is Chukwuemeka Obi in?", "Mathematics", "Physics"),
    q("What did Emeka study at first?", "Physics", kind="alias"),
    q("Which dorm was Emeka Obi in originally?", "Hall A", "Hall C", kind="time"),
    q("which dorm is emeka in now", "Hall F", ("Hall A", "Hall C"), kind="alias"),
    q("Who advises Chukwuemeka?", "Eleni Papadopoulou"),
    q("What year is Tran Thi Mai in?", "third", "second", kind="diacritics"),
    q("What year was Mai in during 2025?", "second", "third", kind="time"),
    q("What does Rhys ap Gruffydd study?", "History"),
    q("Which hall is Mr. Gruffydd in?", "Hall B", kind="title"),
    q("Who was Sophie de Jong's advisor in 2025?", "Hamish McKenzie", "Eleni", kind="time"),
    q("Who is Ms. de Jong's advisor now?", "Eleni Papadopoulou", "Hamish", kind="title"),
    q("Who was Sophie's advisor initially?", "Hamish McKenzie", kind="time"),
    q("Where is Professor Papadopoulou's office?", "C-310", "B-204", kind="title"),
    q("Which office did Eleni have in 2024?", "B-204", "C-310", kind="time"),
    q("Which department is Hamish McKenzie in?", "Economics", "History"),
    q("Which department is Fiona Mackenzie in?", "History", "Economics"),
    q("Where is Dr McKenzie's office?", "D-101", "A-015", kind="title"),
    q("Which students does Eleni Papadopoulou advise?", ("Obi", "de Jong"), kind="reverse"),
    q("Who lives in Hall B?", "Rhys", kind="reverse"),
    q("What is Jean-Luc Moreau studying?", "Philosophy", kind="case"),
    q("jean luc moreau dorm", "Hall D", kind="punctuation"),
    q("What does Aoife Ni Bhriain study?", "Music", kind="diacritics"),
    q("Which hall does Aoife live in?", "Hall E", kind="first name"),
    q("Who is in the Physics department?", "Papadopoulou", kind="reverse"),
    q("Did Emeka's program change?", ("Mathematics", "Physics"), kind="time"),
))


#: probe 17: the recruiting agency asked in other styles (yes/no, when, before a value, everyone in, a typo, a
#: profile, chatty, a rename's new name)
STYLES = World("styles", RECRUIT.entities, (
    q("Does Arjun still work at Infosys?", "Harborline", kind="yes-no"),
    q("When did Yusuf move to Doha?", "2025-09-01", kind="when"),
    q("Where did João live before Lisbon?", "Porto", kind="earlier"),
    q("Where did Joao live before he moved?", "Porto", kind="earlier"),
    q("who's based in seoul", ("Min-jun", "Soo-ah"), kind="reverse"),
    q("List everyone in Seoul", ("Min-jun", "Soo-ah"), kind="reverse"),
    q("Which candidates live in Doha?", "Yusuf", kind="reverse"),
    q("What is Priya Sharmaa's team?", (), ("executive", "tech"), kind="near miss"),
    q("priya's city?", "Pune", kind="first name"),
    q("Has Kim Soo-ah's city changed?", ("Seoul", "Busan"), kind="earlier"),
    q("Tell me about Zofia Wiśniewska", ("QA lead", "Krak", "placed"), kind="profile"),
    q("Everything you know about Nagy Ádám", ("devops engineer", "Budapest"), kind="profile"),
    q("What's the status of candidate Kim Min-jun as of March 2025?", "interviewing", "placed", kind="time"),
    q("Which city was Carmen in before Madrid?", "Sevilla", kind="earlier"),
    q("Has Yusuf's salary band gone up?", ("B3", "B2"), kind="earlier"),
    q("My client TCS - who's their account manager again?", "Rahul Verma", kind="chatty"),
    q("quick one: arjun mehta, which city?", "Mumbai", kind="chatty"),
    q("What did Blue Harbor Ltd change its name to?", "Harborline", kind="rename"),
    q("Who is Rahul Verma's client?", "Tata", kind="reverse"),
    q("Is Zofia Wisniewska still in Krakow?", "Krak", kind="yes-no"),
))


#: probe 18: a gym (the Nakamuras, a double-barrelled surname, Icelandic, Breton and Singaporean names, an alias)
GYM = World("gym", (
    Entity("g-1", "member", "Kenji Nakamura", (("plan", "basic", T1), ("plan", "premium", T3), ("trainer", "Lena Fischer", T1),
           ("locker", "L-14", T1))),
    Entity("g-2", "member", "Aiko Nakamura", (("plan", "family", T1), ("trainer", "Marco Rossi", T2), ("locker", "L-15", T1))),
    Entity("g-3", "trainer", "Lena Fischer", (("speciality", "yoga", T1), ("gym", "Downtown", T1), ("gym", "Riverside", T3))),
    Entity("g-4", "trainer", "Marco Rossi", (("speciality", "boxing", T1), ("gym", "Riverside", T1))),
    Entity("g-5", "member", "Olamide Adebayo-Smith", (("plan", "student", T1), ("plan", "basic", T2), ("locker", "L-02", T1))),
    Entity("g-6", "member", "Björk Guðmundsdóttir", (("plan", "premium", T1), ("trainer", "Lena Fischer", T2))),
    Entity("g-7", "member", "Pierre-Yves Le Gall", (("plan", "basic", T1), ("gym", "Downtown", T1))),
    Entity("g-8", "member", "Ng Wei Ling", (("plan", "premium", T1), ("trainer", "Marco Rossi", T1)), aliases=("Wendy Ng",)),
), (
    q("Which plan is Kenji Nakamura on?", "premium", "basic"),
    q("Which plan was Kenji on in 2025?", "basic", "premium", kind="time"),
    q("What plans do the Nakamuras have?", ("premium", "family"), kind="family"),
    q("Which locker does Mrs. Nakamura use?", "L-15", kind="title"),
    q("Who trains Aiko?", "Marco Rossi", kind="first name"),
    q("Which members does Lena Fischer train?", ("Kenji", "Guðmundsdóttir"), kind="reverse"),
    q("Where does Lena work now?", "Riverside", "Downtown", kind="first name"),
    q("Which gym was Lena Fischer at in 2024?", "Downtown", "Riverside", kind="time"),
    q("What's Olamide Adebayo-Smith's plan?", "basic", "student"),
    q("what plan is olamide adebayo smith on", "basic", "student", kind="punctuation"),
    q("Was Ms Adebayo-Smith on the student plan before?", "student", kind="earlier"),
    q("Who is Bjork Gudmundsdottir's trainer?", "Lena Fischer", kind="diacritics"),
    q("What plan does Björk have?", "premium", kind="first name"),
    q("Which gym does Pierre-Yves Le Gall go to?", "Downtown", kind="particle"),
    q("Is Mr Le Gall on the basic plan?", "basic", kind="title"),
    q("Who trains Wendy Ng?", "Marco Rossi", kind="alias"),
    q("What plan is Ng Wei Ling on?", "premium"),
    q("Who is Wei Ling's trainer?", "Marco Rossi", kind="partial"),
    q("Which trainer does boxing?", "Marco", kind="reverse"),
    q("Who uses locker L-14?", "Kenji", kind="reverse"),
))
