"""The question set of `graphmem eval names`, written before the code it measures, in the words people use.

Four namespace shapes: a CRM's customers, company accounts with their managers, households sharing a
surname, and a clinic's patients and doctors. Names from several languages (Zhang Wei, José Álvarez, Nguyễn
Thị Lan, O'Neill, Björn, Müller & Söhne, Café Lumière, Kim Min-jun, Lucía García Márquez, Ólafur Jónsson). Questions name people and companies by full name, first or last name, title and
surname, any case, possessives, another token order, no diacritics, an alias, an old name; ask the past by
time words; ask who holds a value (reverse); and use names several entities share (ambiguous: every holder
must be answered and the route must say so).

Histories change on fixed dates (2024-03-01, 2025-09-01, 2026-05-01). Questions with relative time words
("last year") are written for a clock in 2026 (`RELATIVE_YEAR`): on another year they are skipped, and the
eval says how many. Each question lists what the answer must hold and what it must not (a value of another
time, or of another entity).
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: the year the relative questions ("last year") were written for
RELATIVE_YEAR = 2026
T1, T2, T3 = "2024-03-01T00:00:00Z", "2025-09-01T00:00:00Z", "2026-05-01T00:00:00Z"


@dataclass(frozen=True)
class Entity:
    key: str
    type: str
    name: str
    facts: tuple[tuple[str, str, str], ...]  # (attribute, value, valid_from), oldest first per attribute
    aliases: tuple[str, ...] = ()
    renamed_to: str | None = None  # renamed when the world is stored (today)


@dataclass(frozen=True)
class Question:
    query: str
    holds: tuple[str, ...]
    lacks: tuple[str, ...] = ()
    ambiguous: bool = False
    relative: bool = False  # uses words relative to today ("last year"): written for RELATIVE_YEAR
    kind: str = "name"


@dataclass(frozen=True)
class World:
    name: str
    entities: tuple[Entity, ...]
    questions: tuple[Question, ...] = field(default=())


def q(query: str, holds: str | tuple[str, ...], lacks: str | tuple[str, ...] = (), *, kind: str = "name",
      ambiguous: bool = False, relative: bool = False) -> Question:
    return Question(query, (holds,) if isinstance(holds, str) else holds, (lacks,) if isinstance(lacks, str) else lacks,
                    ambiguous, relative, kind)


CRM = World("crm", (
    Entity("c-1001", "customer", "Maria Lopez", (("city", "Lisbon", T1), ("city", "Porto", T3), ("plan", "basic", T1),
                                                 ("plan", "premium", T2), ("email", "maria.lopez@example.com", T1))),
    Entity("c-1002", "customer", "Maria Silva", (("city", "Faro", T1), ("plan", "standard", T1),
                                                 ("email", "maria.silva@example.pt", T1))),
    Entity("c-1003", "customer", "Zhang Wei", (("city", "Shanghai", T1), ("city", "Shenzhen", T2),
                                               ("phone", "+86 139 1234 5678", T1), ("plan", "premium", T1))),
    Entity("c-1004", "customer", "José Álvarez", (("city", "Sevilla", T1), ("plan", "basic", T1), ("plan", "gold", T3),
                                                  ("email", "jose.alvarez@example.es", T1))),
    Entity("c-1005", "customer", "Nguyễn Thị Lan", (("city", "Hanoi", T1), ("city", "Da Nang", T3),
                                                    ("plan", "standard", T1))),
    Entity("c-1006", "customer", "Siobhan O'Neill", (("city", "Dublin", T1), ("email", "siobhan@example.org", T1),
                                                     ("plan", "basic", T1))),
    Entity("c-1007", "customer", "Björn Lindqvist", (("city", "Uppsala", T1), ("plan", "enterprise", T1))),
    Entity("c-1008", "customer", "Aisha Khan", (("city", "Leeds", T1), ("city", "Manchester", T2),
                                                ("plan", "standard", T1))),
    Entity("c-1009", "customer", "Priya Raman", (("city", "Chennai", T1), ("plan", "premium", T1),
                                                 ("phone", "+91 98765 43210", T1))),
    Entity("c-1010", "customer", "Dmitri Volkov", (("city", "Riga", T1), ("plan", "basic", T1))),
), (
    q("What was Maria Lopez's city last year?", "Lisbon", ("Porto", "Faro"), kind="time", relative=True),
    q("Where does Maria Lopez live now?", "Porto", ("Lisbon", "Faro")),
    q("where does maria lopez live", "Porto", "Faro", kind="case"),
    q("MARIA LOPEZ CITY", "Porto", "Faro", kind="case"),
    q("Where does Ms. Lopez live?", "Porto", "Faro", kind="title"),
    q("What plan is Ms Lopez on?", "premium", "standard", kind="title"),
    q("Which plan was Maria Lopez on in 2024?", "basic", ("premium", "standard"), kind="time"),
    q("Maria Lopez's email address?", "maria.lopez@example.com", "maria.silva@example.pt"),
    q("What is Maria's city?", ("Porto", "Faro"), ambiguous=True, kind="ambiguous"),
    q("Which plan is Maria on?", ("premium", "standard"), ambiguous=True, kind="ambiguous"),
    q("What's Maria Silva's plan?", "standard", "premium"),
    q("Where is Maria Silva based?", "Faro", ("Porto", "Lisbon")),
    q("Ms. Silva's email?", "maria.silva@example.pt", "maria.lopez@example.com", kind="title"),
    q("What is Zhang Wei's phone number?", "8613912345678"),
    q("Wei Zhang's phone?", "8613912345678", kind="order"),
    q("zhang wei phone", "8613912345678", kind="case"),
    q("Which city does Zhang Wei live in?", "Shenzhen", "Shanghai"),
    q("Where did Zhang Wei live in 2024?", "Shanghai", "Shenzhen", kind="time"),
    q("Where was Mr. Zhang living in March 2025?", "Shanghai", "Shenzhen", kind="time"),
    q("What plan does Mr Zhang have?", "premium", kind="title"),
    q("What plan is Jose Alvarez on?", "gold", "basic", kind="diacritics"),
    q("What plan is José Álvarez on?", "gold", "basic"),
    q("Which plan was José Álvarez on last year?", "basic", "gold", kind="time", relative=True),
    q("What was Mr. Álvarez's plan in October 2025?", "basic", "gold", kind="time"),
    q("jose alvarez email", "jose.alvarez@example.es", kind="diacritics"),
    q("Where does Álvarez live?", "Sevilla", kind="surname"),
    q("What city is Nguyễn Thị Lan in?", "Da Nang", "Hanoi"),
    q("What city is Nguyen Thi Lan in?", "Da Nang", "Hanoi", kind="diacritics"),
    q("Where did Nguyen Thi Lan live at the start of 2026?", "Hanoi", "Da Nang", kind="time"),
    q("Which plan is Ms. Nguyen on?", "standard", kind="title"),
    q("What is O'Neill's email?", "siobhan@example.org", kind="surname"),
    q("What is Siobhan O'Neill's email address?", "siobhan@example.org"),
    q("siobhan oneill city", "Dublin", kind="punctuation"),
    q("Which plan has Siobhan got?", "basic", kind="first name"),
    q("Where does Björn Lindqvist live?", "Uppsala"),
    q("bjorn lindqvist plan", "enterprise", kind="diacritics"),
    q("What plan is Mr. Lindqvist on?", "enterprise", kind="title"),
    q("Where does Aisha Khan live?", "Manchester", "Leeds"),
    q("Where did Aisha Khan live in 2024?", "Leeds", "Manchester", kind="time"),
    q("Khan's city on 15.03.2025?", "Leeds", "Manchester", kind="time"),
    q("What was Ms. Khan's city at the end of 2025?", "Manchester", "Leeds", kind="time"),
    q("Aisha's plan?", "standard", kind="first name"),
    q("What's Priya Raman's phone number?", "919876543210"),
    q("Where is Priya based?", "Chennai", kind="first name"),
    q("Raman plan", "premium", kind="surname"),
    q("Which city does Dmitri Volkov live in?", "Riga"),
    q("Where is Mr. Volkov based?", "Riga", kind="title"),
    q("dmitri's plan", "basic", kind="first name"),
    q("Who lives in Uppsala?", "Björn Lindqvist", kind="reverse"),
    q("Which customer is based in Riga?", "Dmitri Volkov", kind="reverse"),
    q("Who lives in Porto?", "Maria Lopez", "Maria Silva", kind="reverse"),
    q("Who lived in Shanghai in 2024?", "Zhang Wei", kind="reverse"),
    q("Which customers are on the enterprise plan?", "Björn Lindqvist", kind="reverse"),
    q("Who lives in Chennai?", "Priya Raman", kind="reverse"),
    q("Can you tell me which city Priya Raman lives in?", "Chennai"),
    q("Is Dmitri Volkov on the basic or the premium plan?", "basic"),
    q("What was Zhang Wei's city at the end of 2025?", "Shenzhen", "Shanghai", kind="time"),
    q("Which customers live in Manchester?", "Aisha Khan", kind="reverse"),
    # probe 5, written before it was run (other ways of asking): 23/24 on its first run over the four shapes
        q("Hey, quick one: where is Maria Lopez living these days?", "Porto", ("Lisbon", "Faro")),
        q("Do Maria Lopez and Zhang Wei live in the same city?", ("Porto", "Shenzhen")),
        q('What plan is "Zhang Wei" on?', "premium"),
        q("WHERE DOES PRIYA RAMAN LIVE?", "Chennai"),
        q("Maria Lopez: city?", "Porto", "Faro"),
        q("zhang wei phone number pls", "8613912345678"),
        q("Back in 2024, which city was Zhang Wei living in?", "Shanghai", "Shenzhen", kind="time"),
        q("Can you tell me which plan Björn is on?", "enterprise"),
        q("Which plan is the customer named Dmitri Volkov on?", "basic"),
        q("I need Aisha Khan's current city, please.", "Manchester", "Leeds"),
        q("Is José Álvarez still on the basic plan?", "gold"),
        q("Where did Nguyen Thi Lan live before she moved?", "Hanoi"),
))

ACCOUNTS = World("accounts", (
    Entity("org-1", "company", "Northwind Traders", (("city", "Oslo", T1), ("account_manager", "Tom Berg", T1),
                                                     ("account_manager", "Ana Costa", T2), ("industry", "wholesale", T1),
                                                     ("plan", "enterprise", T1)), aliases=("NWT",)),
    Entity("org-2", "company", "Müller & Söhne GmbH", (("city", "Stuttgart", T1), ("account_manager", "Lena Fischer", T1),
                                                       ("industry", "machinery", T1)), aliases=("Müller und Söhne",)),
    Entity("org-3", "company", "Sakura Trading", (("city", "Osaka", T1), ("account_manager", "Kenji Sato", T1),
                                                  ("industry", "electronics", T1))),
    Entity("org-4", "company", "Contoso Ltd", (("city", "Seattle", T1), ("account_manager", "Tom Berg", T1),
                                               ("industry", "software", T1)), renamed_to="Fabrikam Ltd"),
    Entity("org-5", "company", "Café Lumière", (("city", "Lyon", T1), ("account_manager", "Ana Costa", T1),
                                                ("industry", "hospitality", T1))),
    Entity("org-6", "company", "Adebayo Logistics", (("city", "Lagos", T1), ("account_manager", "Lena Fischer", T1),
                                                     ("industry", "logistics", T1), ("plan", "growth", T1),
                                                     ("plan", "enterprise", T3))),
    Entity("mgr-1", "person", "Tom Berg", (("city", "Bergen", T1), ("title", "senior account manager", T1))),
    Entity("mgr-2", "person", "Ana Costa", (("city", "Lisbon", T1), ("title", "account manager", T1))),
    Entity("mgr-3", "person", "Lena Fischer", (("city", "Hamburg", T1), ("title", "key account lead", T1))),
    Entity("mgr-4", "person", "Kenji Sato", (("city", "Kyoto", T1), ("title", "account manager", T1))),
), (
    q("Who manages the Northwind Traders account?", "Ana Costa", "Tom Berg"),
    q("Who is Northwind Traders' account manager?", "Ana Costa", "Tom Berg"),
    q("Who was NWT's account manager in 2024?", "Tom Berg", "Ana Costa", kind="alias"),
    q("nwt account manager", "Ana Costa", "Tom Berg", kind="alias"),
    q("Which city is Northwind Traders in?", "Oslo"),
    q("northwind traders industry", "wholesale", kind="case"),
    q("What plan is Northwind on?", "enterprise", kind="partial"),
    q("Who managed Northwind Traders in March 2025?", "Tom Berg", "Ana Costa", kind="time"),
    q("Who was the account manager of Northwind Traders at the end of 2025?", "Ana Costa", "Tom Berg", kind="time"),
    q("Which city is Müller & Söhne GmbH in?", "Stuttgart"),
    q("Where is Muller & Sohne based?", "Stuttgart", kind="diacritics"),
    q("Who looks after Müller und Söhne?", "Lena Fischer", kind="alias"),
    q("What industry is Müller & Söhne in?", "machinery"),
    q("Which industry is Sakura Trading in?", "electronics"),
    q("sakura trading account manager", "Kenji Sato", kind="case"),
    q("Where is Sakura Trading located?", "Osaka"),
    q("Where is Fabrikam Ltd based?", "Seattle"),
    q("Who is Fabrikam's account manager?", "Tom Berg", kind="partial"),
    q("What industry is Fabrikam Ltd in?", "software"),
    q("What was Contoso Ltd's city last year?", "Seattle", kind="rename", relative=True),
    q("Who managed Contoso in 2025?", "Tom Berg", kind="rename"),
    q("Which city is Café Lumière in?", "Lyon"),
    q("cafe lumiere account manager", "Ana Costa", kind="diacritics"),
    q("What industry is Cafe Lumiere in?", "hospitality", kind="diacritics"),
    q("What plan is Adebayo Logistics on?", "enterprise", "growth"),
    q("Which plan was Adebayo Logistics on in 2025?", "growth", "enterprise", kind="time"),
    q("What plan did Adebayo have last year?", "growth", "enterprise", kind="time", relative=True),
    q("Who manages Adebayo Logistics?", "Lena Fischer"),
    q("Where is Adebayo Logistics?", "Lagos"),
    q("Where is Tom Berg based?", "Bergen"),
    q("What is Tom Berg's title?", "senior account manager"),
    q("Where does Ana Costa work from?", "Lisbon"),
    q("What is Ms. Costa's title?", "account manager", kind="title"),
    q("Lena Fischer's city?", "Hamburg"),
    q("Which city is Ms Fischer in?", "Hamburg", kind="title"),
    q("Where is Kenji Sato based?", "Kyoto", "Osaka"),
    q("Sato Kenji city", "Kyoto", kind="order"),
    q("Which company does Tom Berg manage?", "Fabrikam", "Northwind", kind="reverse"),
    q("Which accounts does Lena Fischer manage?", ("Müller", "Adebayo"), kind="reverse"),
    q("Which accounts does Ana Costa look after?", ("Northwind", "Café Lumière"), kind="reverse"),
    q("Which account did Tom Berg manage in 2024?", ("Northwind", "org-4"), kind="reverse"),  # org-4: Contoso then
    q("Which companies are in Osaka?", "Sakura Trading", kind="reverse"),
    q("Which company is based in Lyon?", "Café Lumière", kind="reverse"),
    q("Which companies are on the enterprise plan?", ("Northwind", "Adebayo"), kind="reverse"),
    q("Which company is in the software industry?", "Fabrikam", kind="reverse"),
    q("Who's the account lead for Sakura Trading?", "Kenji Sato"),
    q("What industry is NWT in?", "wholesale", kind="alias"),
    q("Tell me the city of Café Lumière", "Lyon"),
    q("Northwind's account manager in 2024?", "Tom Berg", "Ana Costa", kind="time"),
    # probe 5, written before it was run (other ways of asking): 23/24 on its first run over the four shapes
        q("Who's our contact person for NWT?", "Ana Costa", "Tom Berg"),
        q("Which of our accounts does Lena Fischer manage?", ("Müller & Söhne GmbH", "Adebayo Logistics")),
        q("What industry is Muller und Sohne in?", "machinery"),
        q("Sakura Trading — who manages it and where are they?", ("Kenji Sato", "Osaka")),
        q("What was Fabrikam called before?", "Contoso"),
        q("Who was Northwind's account manager in 2024?", "Tom Berg", "Ana Costa", kind="time"),
))

HOUSEHOLDS = World("households", (
    Entity("p-1", "person", "Chidi Okafor", (("phone", "+44 7700 900123", T1), ("city", "London", T1),
                                             ("employer", "Barclays", T1), ("employer", "HSBC", T2))),
    Entity("p-2", "person", "Ngozi Okafor", (("phone", "+44 7700 900456", T1), ("city", "London", T1),
                                             ("employer", "NHS", T1))),
    Entity("p-3", "person", "Emeka Okafor", (("city", "London", T1), ("school", "Hillcrest Academy", T1))),
    Entity("p-4", "person", "Adaeze Okafor", (("city", "Enugu", T1), ("phone", "+234 803 555 0199", T1))),
    Entity("p-5", "person", "Lucía García", (("city", "Madrid", T1), ("phone", "+34 612 345 678", T1),
                                            ("employer", "Telefónica", T1))),
    Entity("p-6", "person", "Pablo García", (("city", "Madrid", T1), ("city", "Valencia", T3),
                                            ("employer", "Iberdrola", T1))),
    Entity("p-7", "person", "Hannah Weber", (("city", "Berlin", T1), ("employer", "Siemens", T1),
                                             ("phone", "+49 151 2345 6789", T1))),
    Entity("p-8", "person", "Jonas Weber", (("city", "Berlin", T1), ("school", "Goethe-Gymnasium", T1))),
), (
    q("What is Chidi Okafor's phone number?", "447700900123", "447700900456"),
    q("Ngozi's number?", "447700900456", "447700900123", kind="first name"),
    q("What's the phone number of Ngozi Okafor?", "447700900456", "447700900123"),
    q("Where does Chidi work?", "HSBC", "Barclays", kind="first name"),
    q("Where did Chidi Okafor work in 2024?", "Barclays", "HSBC", kind="time"),
    q("Who was Chidi's employer in March 2025?", "Barclays", "HSBC", kind="time"),
    q("Who employs Ngozi Okafor?", "NHS"),
    q("Which school does Emeka go to?", "Hillcrest Academy", kind="first name"),
    q("emeka okafor school", "Hillcrest Academy", kind="case"),
    q("Where does Adaeze Okafor live?", "Enugu", "London"),
    q("What's Adaeze's phone?", "2348035550199", kind="first name"),
    q("Where do the Okafors live?", ("London", "Enugu"), ambiguous=True, kind="ambiguous"),
    q("What is Okafor's phone number?", ("447700900123", "447700900456"), ambiguous=True, kind="ambiguous"),
    q("Who works at the NHS?", "Ngozi Okafor", kind="reverse"),
    q("Who works at HSBC?", "Chidi Okafor", kind="reverse"),
    q("Who lives in Enugu?", "Adaeze Okafor", kind="reverse"),
    q("Who goes to Hillcrest Academy?", "Emeka Okafor", kind="reverse"),
    q("What is Lucía García's phone number?", "34612345678"),
    q("lucia garcia phone", "34612345678", kind="diacritics"),
    q("Where does Lucía work?", "Telefónica", kind="first name"),
    q("Where does Pablo García live now?", "Valencia", "Madrid"),
    q("Where did Pablo Garcia live in 2025?", "Madrid", "Valencia", kind="time"),
    q("Where did Pablo live last year?", "Madrid", "Valencia", kind="time", relative=True),
    q("Who employs Pablo?", "Iberdrola", kind="first name"),
    q("Where do the Garcías live?", ("Madrid", "Valencia"), ambiguous=True, kind="ambiguous"),
    q("García's employer?", ("Telefónica", "Iberdrola"), ambiguous=True, kind="ambiguous"),
    q("Who works at Iberdrola?", "Pablo García", kind="reverse"),
    q("Who lives in Valencia?", "Pablo García", "Lucía García", kind="reverse"),
    q("Who works for Telefónica?", "Lucía García", kind="reverse"),
    q("Where does Hannah Weber work?", "Siemens"),
    q("Hannah's phone number?", "491512345678", kind="first name"),
    q("Weber Hannah employer", "Siemens", kind="order"),
    q("Which school does Jonas Weber attend?", "Goethe-Gymnasium"),
    q("jonas weber school", "Goethe-Gymnasium", kind="case"),
    q("Where do the Webers live?", "Berlin", ambiguous=True, kind="ambiguous"),
    q("Who works at Siemens?", "Hannah Weber", kind="reverse"),
    q("Who goes to the Goethe-Gymnasium?", "Jonas Weber", kind="reverse"),
    q("What is Mrs. Weber's phone?", "491512345678", kind="title"),
    q("Which city does Emeka Okafor live in?", "London", "Enugu"),
    q("What city is Hannah Weber in?", "Berlin"),
    q("Who lives in Berlin?", ("Hannah Weber", "Jonas Weber"), kind="reverse"),
    q("What's Lucía's city?", "Madrid", kind="first name"),
    q("Jonas's school?", "Goethe-Gymnasium", kind="first name"),
    q("Where did Pablo García live at the start of 2026?", "Madrid", "Valencia", kind="time"),
    q("Where does Ngozi Okafor live?", "London", "Enugu"),
    # probe 5, written before it was run (other ways of asking): 23/24 on its first run over the four shapes
        q("What's the Webers' home city?", "Berlin", ambiguous=True, kind="ambiguous"),
        q("Where does Hannah Weber work now?", "Siemens"),
        q("Chidi Okafor's employer in 2024?", "Barclays", "HSBC", kind="time"),
        q("phone for adaeze okafor?", "2348035550199"),
))

CLINIC = World("clinic", (
    Entity("p-01", "patient", "Kim Min-jun", (("ward", "Cardiology", T1), ("ward", "Oncology", T3),
                                              ("doctor", "Hannah Schmidt", T1), ("doctor", "Rafael Ortiz", T2),
                                              ("phone", "+82 10 1234 5678", T1))),
    Entity("p-02", "patient", "Mohammed Al-Farsi", (("doctor", "Rafael Ortiz", T1), ("phone", "+971 50 123 4567", T1),
                                                    ("ward", "Neurology", T1))),
    Entity("p-03", "patient", "Mohammed Idris", (("phone", "+234 803 555 0199", T1), ("ward", "Orthopaedics", T1),
                                                 ("doctor", "Hannah Schmidt", T1))),
    Entity("p-04", "patient", "Anne-Marie Dupont", (("insurer", "AXA", T1), ("insurer", "Allianz", T3),
                                                    ("ward", "Maternity", T1))),
    Entity("p-05", "patient", "Lucía García Márquez", (("room", "214", T1), ("room", "318", T2),
                                                       ("doctor", "Rafael Ortiz", T1), ("doctor", "Hannah Schmidt", T3),
                                                       ("phone", "+34 612 345 678", T1))),
    Entity("p-06", "patient", "Pieter van der Berg", (("room", "105", T1), ("room", "110", T3), ("allergy", "latex", T1))),
    Entity("p-07", "patient", "Seo-yeon Park", (("allergy", "penicillin", T1), ("ward", "Cardiology", T1),
                                                ("ward", "Oncology", T2), ("doctor", "Rafael Ortiz", T1))),
    Entity("p-08", "patient", "Olumide Adeyemi", (("insurer", "Bupa", T1), ("insurer", "Aviva", T2),
                                                  ("ward", "Cardiology", T1))),
    Entity("p-09", "patient", "Chloé Lefèvre", (("ward", "Paediatrics", T1), ("ward", "Surgery", T3))),
    Entity("p-10", "patient", "Ólafur Jónsson", (("room", "401", T1), ("room", "402", T2), ("insurer", "Sjóvá", T1))),
    Entity("d-01", "doctor", "Hannah Schmidt", (("phone", "+49 30 1234567", T1), ("specialty", "cardiologist", T1))),
    Entity("d-02", "doctor", "Rafael Ortiz", (("phone", "+34 600 111 222", T1), ("specialty", "oncologist", T1))),
), (
    # written before it was run (issue 31, probe 4): 35/38 on its first run
    q("Which ward is Kim Min-jun in?", "Oncology", "Cardiology"),
    q("What ward was Min-jun Kim in last year?", "Cardiology", "Oncology", kind="time", relative=True),
    q("Who is Mohammed Al-Farsi's doctor?", "Rafael Ortiz"),
    q("Who's treating Mr Al Farsi?", "Rafael Ortiz"),
    q("what's anne-marie dupont's insurer", "Allianz", "AXA"),
    q("Insurer of Anne Marie Dupont?", "Allianz", "AXA"),
    q("Which room is Lucía García Márquez in?", "318", "214"),
    q("Which room is Lucia Garcia in?", "318", "214"),
    q("What is Ms García Márquez's phone?", "34612345678"),
    q("Where was Pieter van der Berg's room in March 2025?", "105", "110", kind="time"),
    q("Van der Berg's allergy?", "latex"),
    q("Does Seo-yeon Park have any allergies?", "penicillin"),
    q("Park Seo-yeon's doctor", "Rafael Ortiz"),
    q("What insurer did Olumide Adeyemi have before?", "Bupa"),
    q("Chloe Lefevre ward", "Surgery", "Paediatrics"),
    q("Who has a penicillin allergy?", "Seo-yeon Park", kind="reverse"),
    q("Who is in Cardiology?", "Olumide Adeyemi", "Seo-yeon", kind="reverse"),
    q("Which patients does Dr. Hannah Schmidt look after?", ("Mohammed Idris", "Lucía García Márquez"), "Kim Min-jun",
      kind="reverse"),
    q("Who was Kim Min-jun's doctor on 1 June 2025?", "Hannah Schmidt", "Rafael Ortiz", kind="time"),
    q("What was Ólafur Jónsson's room at the start of 2025?", "401", "402", kind="time"),
    q("olafur jonsson insurer?", "Sjóvá"),
    q("What's Mohammed's phone number?", ("971501234567", "2348035550199"), ambiguous=True, kind="ambiguous"),
    q("What is Mohammed I.'s phone?", "2348035550199", "971501234567", kind="initial"),
    q("Dr Schmidt's phone?", "49301234567"),
    q("Which ward was Chloé Lefèvre in a year ago?", "Paediatrics", "Surgery", kind="time", relative=True),
    q("What ward was Seo-yeon Park in as of the end of 2024?", "Cardiology", "Oncology", kind="time"),
    q("Was Olumide Adeyemi with Bupa in 2024?", "Bupa", "Aviva", kind="time"),
    q("Tell me about Anne-Marie Dupont", ("Allianz", "Maternity")),
    q("What is the room of patient van der berg?", "110", "105"),
    q("Which doctor did Lucía have in autumn 2025?", "Rafael Ortiz", "Hannah Schmidt", kind="time"),
    q("Who was Lucía's doctor before Hannah Schmidt?", "Rafael Ortiz"),
    q("Where did Mohammed Idris stay, which ward?", "Orthopaedics"),
    q("What room was Ólafur Jónsson in back in early 2025?", "401", "402", kind="time"),
    q("Which insurer did Anne-Marie Dupont have as of Q4 2025?", "AXA", "Allianz", kind="time"),
    q("Kim Min-jun's doctor in the first half of 2025?", "Hannah Schmidt", "Rafael Ortiz", kind="time"),
    q("What ward was Chloé Lefèvre in during Q1 2026?", "Paediatrics", "Surgery", kind="time"),
    q("Where was Seo-yeon Park the week before last?", "Oncology", "Cardiology", kind="time", relative=True),
    q("Who was Lucía García Márquez's doctor 18 months ago?", "Rafael Ortiz", "Hannah Schmidt", kind="time", relative=True),
    # probe 5, written before it was run (other ways of asking): 23/24 on its first run over the four shapes
        q("Is Seo-yeon Park allergic to anything?", "penicillin"),
        q("Which doctor does Mohammed Al-Farsi see?", "Rafael Ortiz"),
))

WORLDS = (CRM, ACCOUNTS, HOUSEHOLDS, CLINIC)
