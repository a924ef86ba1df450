"""Probes 24 and 25 of the `graphmem eval names` set, written at stop 55 before they were run.

Probe 24, a music label's artists and managers: Vietnamese names with and without their diacritics and an alias
that starts with the stop word "An", a band asked with and without "The", initials written "A. R." and "AR", Irish
"Mc" in any case, a Dutch "van der", Korean given names with a hyphen (asked without it, and shared by two artists),
Portuguese "da"/"dos", a collective renamed today. Probe 25, a research lab: Japanese and Hungarian names family name
first and asked in either order, a Swedish "å" typed as "a", Spanish double first names and a hyphenated surname,
a Yoruba alias, a French hyphenated first name, a supplier renamed today. Time asked as "the summer of 2025", "back in
2024", "at the end of 2024", "a year ago", "Q4 2025", "spring 2025", "the 1st of March 2025", "2025-10-15",
"at the end of last year", "over the years".
"""

from __future__ import annotations

from graphmem_tools.evals._names_model import T1, T2, T3, Entity, World, q

LABEL = World("label", (
    Entity("m-1", "artist", "Nguyễn Văn An", (("city", "Hanoi", T1), ("city", "Ho Chi Minh City", T3),
           ("manager", "Carla dos Santos", T1), ("genre", "V-pop", T1)), aliases=("An Nguyen",)),
    Entity("m-2", "artist", "The Velvet Harbour", (("city", "Manchester", T1), ("deal", "standard", T1),
           ("deal", "360", T2)), aliases=("Velvet Harbour",)),
    Entity("m-3", "manager", "Carla dos Santos", (("office", "Lisbon", T1), ("office", "London", T2))),
    Entity("m-4", "artist", "A. R. Venkatesh", (("genre", "film score", T1), ("city", "Chennai", T1), ("city", "Mumbai", T2))),
    Entity("m-5", "artist", "Seán McAuliffe", (("city", "Cork", T1), ("manager", "Carla dos Santos", T1),
           ("manager", "Pieter van der Berg", T3))),
    Entity("m-6", "manager", "Pieter van der Berg", (("office", "Amsterdam", T1),)),
    Entity("m-7", "artist", "Kim Min-jun", (("city", "Seoul", T1), ("genre", "K-pop", T1), ("genre", "R&B", T2))),
    Entity("m-8", "artist", "Park Min-jun", (("city", "Busan", T1), ("genre", "ballad", T1))),
    Entity("m-9", "artist", "Lumen Collective", (("city", "Berlin", T1), ("deal", "distribution", T1)), renamed_to="Lumen"),
    Entity("m-10", "artist", "Beatriz Oliveira da Silva", (("city", "São Paulo", T1), ("city", "Rio de Janeiro", T2),
           ("manager", "Carla dos Santos", T2))),
), (
    q("Where is Nguyen Van An living now?", "Ho Chi Minh City", "Hanoi", kind="diacritics"),
    q("Which city was An Nguyen in during the summer of 2025?", "Hanoi", "Ho Chi Minh", kind="alias"),
    q("Who manages Nguyễn Văn An?", "Carla dos Santos"),
    q("What deal is The Velvet Harbour on?", "360", "standard"),
    q("velvet harbour deal back in 2024", "standard", "360", kind="time"),
    q("Where is Carla dos Santos's office?", "London", "Lisbon"),
    q("Where was Ms. Dos Santos working from in early 2025?", "Lisbon", "London", kind="time"),
    q("What genre does A. R. Venkatesh make?", "film score", kind="punctuation"),
    q("Where does AR Venkatesh live these days?", "Mumbai", "Chennai", kind="punctuation"),
    q("Which city was Venkatesh in at the end of 2024?", "Chennai", "Mumbai", kind="time"),
    q("Who is Sean McAuliffe's manager?", "Pieter van der Berg", "Carla", kind="diacritics"),
    q("Who was Seán Mcauliffe's manager a year ago?", "Carla dos Santos", "Pieter", kind="time", relative=True),
    q("Which artists does Pieter van der Berg manage?", "McAuliffe", kind="reverse"),
    q("Where is Mr Van der Berg's office?", "Amsterdam", kind="title"),
    q("What genre is Kim Min-jun?", "R&B", "K-pop"),
    q("What was Kim Minjun's genre in 2024?", "K-pop", "R&B", kind="punctuation"),
    q("Where is Min-jun based?", ("Seoul", "Busan"), ambiguous=True, kind="ambiguous"),
    q("Where is Park Min-jun based?", "Busan", "Seoul"),
    q("Which city was Lumen Collective in last year?", "Berlin", kind="rename", relative=True),
    q("What deal does Lumen have?", "distribution", kind="rename"),
    q("Where did Beatriz Oliveira live on 1 June 2025?", "São Paulo", "Rio", kind="time"),
    q("Who manages Beatriz da Silva?", "Carla dos Santos"),
    q("Beatriz's city on 2025-10-15", "Rio de Janeiro", "São Paulo", kind="time"),
    q("Who lives in Mumbai?", "Venkatesh", kind="reverse"),
))


LAB = World("lab", (
    Entity("r-1", "pi", "Ingrid Håkansson", (("building", "B12", T1), ("building", "C3", T2), ("group", "neuroimaging", T1),
           ("grant", "ERC Starting", T1), ("grant", "ERC Consolidator", T3))),
    Entity("r-2", "postdoc", "Takahashi Yuki", (("supervisor", "Ingrid Håkansson", T1), ("project", "fMRI decoding", T1),
           ("project", "sleep spindles", T2))),
    Entity("r-3", "student", "Yuki Tanaka", (("supervisor", "Ingrid Håkansson", T2), ("project", "EEG artefacts", T2))),
    Entity("r-4", "pi", "Nagy Eszter", (("group", "genomics", T1), ("building", "A1", T1))),
    Entity("r-5", "student", "María José García-Márquez", (("supervisor", "Nagy Eszter", T1),
           ("supervisor", "Ingrid Håkansson", T3), ("project", "CRISPR screens", T1))),
    Entity("r-6", "technician", "Olusegun Adeyemi", (("lab", "wet lab 2", T1), ("lab", "wet lab 4", T2)), aliases=("Segun",)),
    Entity("r-7", "pi", "Priya Raghunathan", (("group", "proteomics", T1), ("group", "structural biology", T3),
           ("building", "B12", T1))),
    Entity("r-8", "supplier", "Helix Reagents GmbH", (("supplies", "antibodies", T1), ("contact", "Olusegun Adeyemi", T1)),
           renamed_to="Helix Bio GmbH"),
    Entity("r-9", "visitor", "Jean-Luc Moreau", (("building", "C3", T2), ("host", "Nagy Eszter", T2))),
), (
    q("Which building is Ingrid Hakansson in now?", "C3", "B12", kind="diacritics"),
    q("Where was Prof. Håkansson's office back in 2024?", "B12", "C3", kind="time"),
    q("What grant does Dr Håkansson hold?", "ERC Consolidator", "ERC Starting", kind="title"),
    q("What grant did Ingrid have in Q4 2025?", "ERC Starting", "ERC Consolidator", kind="time"),
    q("Who supervises Yuki Takahashi?", "Ingrid Håkansson", kind="order"),
    q("What project was Takahashi on in spring 2025?", "fMRI decoding", "sleep spindles", kind="time"),
    q("Which project is Yuki working on?", ("sleep spindles", "EEG artefacts"), ambiguous=True, kind="ambiguous"),
    q("What is Yuki Tanaka's project?", "EEG artefacts", "spindles"),
    q("Which students does Ingrid Håkansson supervise?", ("Takahashi", "Tanaka", "Garc"), kind="reverse"),
    q("Which group does Eszter Nagy lead?", "genomics", kind="order"),
    q("Who supervised Maria Jose Garcia Marquez in 2025?", "Nagy Eszter", "Håkansson", kind="time"),
    q("Who is María José's supervisor now?", "Ingrid Håkansson", "Nagy"),
    q("Which lab is Segun in?", "wet lab 4", "wet lab 2", kind="alias"),
    q("Which lab was Olusegun Adeyemi in on the 1st of March 2025?", "wet lab 2", "wet lab 4", kind="time"),
    q("What does Helix Reagents supply?", "antibodies", kind="rename"),
    q("Who is our contact at Helix Bio?", "Olusegun Adeyemi", kind="rename"),
    q("What did Helix Reagents GmbH supply last year?", "antibodies", kind="rename", relative=True),
    q("Where is Jean Luc Moreau working?", "C3", kind="punctuation"),
    q("Who hosts Jean-Luc?", "Nagy Eszter"),
    q("What group was Priya Raghunathan in at the end of last year?", "proteomics", "structural", kind="time",
      relative=True),
    q("priya raghunathan group", "structural biology", "proteomics", kind="case"),
    q("Who was in building B12 in 2024?", ("Håkansson", "Raghunathan"), kind="reverse"),
    q("What were Ingrid Håkansson's grants over the years?", ("ERC Starting", "ERC Consolidator"), kind="earlier"),
))


#: probe 26, written at stop 55 before it was run: a coworking space's members and their companies, asked the way
#: people chat ("hey, can you remind me…", "quick one:", "can u tell me tom bergs company", "is Tom Berg still on…",
#: "before she got the private office", "what plan did Aoife start on"), a company that shares a member's surname
#: (Lopez Design), an Irish "Ní", a hyphenated surname asked with a space; time as "back in summer 2025", "right
#: now", "at the start of 2026", "a year ago", "early 2025", "12/01/2025".
COWORK = World("cowork", (
    Entity("w-1", "member", "Maria Lopez", (("plan", "hot desk", T1), ("plan", "dedicated desk", T2),
           ("plan", "private office", T3), ("email", "maria.lopez@example.com", T1), ("company", "Lopez Design", T1))),
    Entity("w-2", "member", "Tom Berg", (("plan", "hot desk", T1), ("locker", "L-12", T1), ("locker", "L-40", T3),
           ("company", "Bergwerk AB", T1))),
    Entity("w-3", "member", "Aoife Ní Bhriain", (("plan", "day pass", T1), ("plan", "hot desk", T2),
           ("company", "Ceol Labs", T1))),
    Entity("w-4", "member", "Rahul Mehta", (("plan", "private office", T1), ("office", "Room 3", T1),
           ("office", "Room 7", T2), ("company", "Mehta Analytics", T1))),
    Entity("w-5", "company", "Lopez Design", (("city", "Madrid", T1),)),
    Entity("w-6", "company", "Bergwerk AB", (("city", "Malmö", T1), ("city", "Stockholm", T3))),
    Entity("w-7", "member", "Zoë Kowalczyk-Adams", (("plan", "hot desk", T2), ("locker", "L-7", T2))),
), (
    q("hey, can you remind me where Rahul Mehta sits these days?", "Room 7", "Room 3"),
    q("do we have an email for maria lopez?", "maria.lopez@example.com", kind="case"),
    q("is Tom Berg still on the hot desk plan?", "hot desk"),
    q("Quick one: which locker does Tom have now?", "L-40", "L-12"),
    q("what locker did tom berg use before?", "L-12", kind="earlier"),
    q("What plan did Aoife Ní Bhriain start on?", "day pass", kind="earlier"),
    q("Aoife Ni Bhriain's company?", "Ceol Labs", kind="diacritics"),
    q("I need the plan Maria Lopez had back in summer 2025", "hot desk", ("dedicated", "private"), kind="time"),
    q("what's maria on right now?", "private office", "dedicated"),
    q("where's Lopez Design based?", "Madrid"),
    q("Which members work for Bergwerk AB?", "Tom Berg", kind="reverse"),
    q("has Bergwerk moved?", ("Stockholm", "Malm"), kind="earlier"),
    q("Where was Bergwerk AB located at the start of 2026?", "Malmö", "Stockholm", kind="time"),
    q("Zoe Kowalczyk Adams locker", "L-7", kind="punctuation"),
    q("Which plan is Ms Kowalczyk-Adams on?", "hot desk", kind="title"),
    q("What room was Rahul in a year ago?", "Room 7", "Room 3", kind="time", relative=True),
    q("What room did Mr. Mehta have in early 2025?", "Room 3", "Room 7", kind="time"),
    q("who's in Room 7?", "Mehta", kind="reverse"),
    q("Lopez's plan?", "private office", ambiguous=True, kind="ambiguous"),
    q("can u tell me tom bergs company", "Bergwerk AB", kind="punctuation"),
    q("Maria's plan on 12/01/2025?", "dedicated desk", ("hot desk", "private office"), kind="time"),
    q("What plan was Maria Lopez on before she got the private office?", "dedicated desk", kind="earlier"),
))


#: probe 27, written at stop 55 before it was run: a florist's clients, contacts and staff, asked in chat ("👋",
#: "atm", "pls", "like, last month", "— still at the same address?", "anything on file for"), "when did" and "how
#: long has" (the date a value began), "ever", two people in one question, a chained question (a client's account
#: manager's role), a name in quotes.
FLORIST = World("florist", (
    Entity("f-1", "client", "Priya Nair", (("email", "priya@nairevents.com", T1), ("plan", "weekly bouquet", T1),
           ("plan", "monthly bouquet", T2), ("address", "12 Rose Lane, Leeds", T1), ("address", "4 Mill Road, York", T3),
           ("account_manager", "Ben Carter", T1))),
    Entity("f-2", "staff", "Ben Carter", (("role", "account manager", T1), ("shop", "Leeds", T1), ("shop", "York", T3))),
    Entity("f-3", "client", "Hotel Aurelia", (("contact", "Giulia Romano", T1), ("plan", "daily lobby flowers", T1),
           ("account_manager", "Ben Carter", T2))),
    Entity("f-4", "contact", "Giulia Romano", (("email", "g.romano@aurelia.it", T1), ("role", "events manager", T1),
           ("role", "general manager", T3))),
    Entity("f-5", "client", "Olamide Bankole", (("plan", "monthly bouquet", T1), ("city", "Manchester", T1),
           ("city", "Liverpool", T2), ("account_manager", "Sara Lind", T1))),
    Entity("f-6", "staff", "Sara Lind", (("role", "florist", T1), ("role", "head florist", T2))),
    Entity("f-7", "client", "Café Noor", (("plan", "weekly table flowers", T2), ("city", "Bradford", T2),
           ("account_manager", "Sara Lind", T2))),
), (
    q("👋 what's priya's plan atm?", "monthly bouquet", "weekly"),
    q("When did Olamide move to Liverpool?", "2025-09-01", kind="time"),
    q("how long has Priya Nair been on the monthly bouquet?", "2025-09-01", kind="time"),
    q("did Olamide Bankole ever live in Manchester?", "Manchester", kind="earlier"),
    q("Priya Nair — still at the same address?", "4 Mill Road"),
    q("who looks after Hotel Aurelia?", "Ben Carter"),
    q("who's the contact person at Hotel Aurelia?", "Giulia Romano"),
    q("what does Giulia Romano do?", "general manager", "events manager"),
    q("what was Giulia's job back in 2025?", "events manager", "general manager", kind="time"),
    q("anything on file for Café Noor?", ("weekly table flowers", "Bradford")),
    q("cafe noor's account manager pls", "Sara Lind", kind="diacritics"),
    q("Priya and Olamide — are they on the same plan?", ("Priya Nair", "Olamide Bankole")),
    q("what's Priya Nair's previous address?", "12 Rose Lane", kind="earlier"),
    q("Where's Ben Carter's shop these days?", "York", "Leeds"),
    q("which shop was ben carter at in march 2025?", "Leeds", "York", kind="time"),
    q("What's Olamide's account manager's role?", "head florist"),
    q("Who are Sara Lind's clients?", ("Bankole", "Noor"), kind="reverse"),
    q("Hotel Aurelia's plan, like, last month?", "daily lobby flowers", kind="time", relative=True),
    q("what's the email for giulia?", "g.romano@aurelia.it", kind="case"),
    q("Olamide's city as of now?", "Liverpool", "Manchester"),
    q("Who managed the Hotel Aurelia account in October 2025?", "Ben Carter", kind="time"),
    q('"Café Noor" – which city?', "Bradford", kind="punctuation"),
))


#: probe 28, written at stop 55 before it was run: a talent agency whose people are named like months, seasons and
#: verbs (April, May, June, Summer, Will, Mark, Grace) and asked with the same words as times ("What was April's
#: city in May 2025?", "Where did June Park live last June?", "Summer Hayes's rate in summer 2025"), and companies
#: with a number or in capitals (Studio 54 Productions asked as "Studio 54", KPMG).
TALENT = World("talent", (
    Entity("t-1", "talent", "April Nguyen", (("city", "Austin", T1), ("city", "Denver", T2), ("agent", "Mark Ruiz", T1))),
    Entity("t-2", "talent", "May Chen", (("city", "Boston", T1), ("rate", "USD 500", T1), ("rate", "USD 650", T3),
           ("agent", "Grace Hall", T1))),
    Entity("t-3", "talent", "June Park", (("city", "Seattle", T1), ("city", "Portland", T3), ("agent", "Mark Ruiz", T2))),
    Entity("t-4", "talent", "Summer Hayes", (("city", "Miami", T1), ("rate", "USD 400", T1), ("rate", "USD 450", T2))),
    Entity("t-5", "agent", "Mark Ruiz", (("office", "LA", T1), ("office", "NYC", T2))),
    Entity("t-6", "agent", "Grace Hall", (("office", "Chicago", T1),)),
    Entity("t-7", "talent", "Will Turner", (("city", "Nashville", T1), ("agent", "Grace Hall", T1),
           ("agent", "Mark Ruiz", T3))),
    Entity("t-8", "company", "Studio 54 Productions", (("city", "New York", T1), ("contact", "May Chen", T2))),
    Entity("t-9", "company", "KPMG", (("city", "Amstelveen", T1), ("contact", "Summer Hayes", T1))),
), (
    q("What was April's city in May 2025?", "Austin", "Denver", kind="time"),
    q("Where is April Nguyen now?", "Denver", "Austin"),
    q("What was May Chen's rate in April 2026?", "USD 500", "USD 650", kind="time"),
    q("What's May's rate these days?", "USD 650", "USD 500"),
    q("Where did June Park live last June?", "Portland", "Seattle", kind="time", relative=True),
    q("Who is June's agent?", "Mark Ruiz"),
    q("What was Summer Hayes's rate in summer 2025?", "USD 400", "USD 450", kind="time"),
    q("Summer's city?", "Miami"),
    q("Which office is Mark Ruiz in?", "NYC", "LA"),
    q("Who is Will Turner's agent now?", "Mark Ruiz", "Grace"),
    q("Who was Will's agent in 2025?", "Grace Hall", "Mark", kind="time"),
    q("Which clients does Grace Hall represent?", "May Chen", kind="reverse"),
    q("Who is the contact at Studio 54?", "May Chen"),
    q("Where is Studio 54 Productions based?", "New York"),
    q("Who's our contact at KPMG?", "Summer Hayes"),
    q("Mark's office in March 2025?", "LA", "NYC", kind="time"),
    q("Which agent does May work with?", "Grace Hall"),
    q("Grace Hall's office", "Chicago"),
    q("Where was April in April 2025?", "Austin", "Denver", kind="time"),
    q("Is Will Turner still with Grace Hall?", "Mark Ruiz"),
    q("Which clients live in Portland?", "June Park", kind="reverse"),
    q("What did May Chen charge in May 2025?", "USD 500", "USD 650", kind="time"),
))


#: probe 29, written at stop 55 before it was run: a distributor whose clients have names that are common words
#: (Target, Shell Energy Retail asked as "Shell", The Daily Grind asked with a lower-case "the" or none, Blue Bottle
#: Supply Co asked without "Supply Co") and whose people's names are verbs or words too (Rose, Frank, Sue, Pat).
DISTRIBUTOR = World("distributor", (
    Entity("s-1", "client", "Target", (("city", "Minneapolis", T1), ("account_manager", "Rose Kim", T1),
           ("account_manager", "Frank Osei", T3), ("tier", "gold", T1), ("tier", "platinum", T2))),
    Entity("s-2", "client", "Shell Energy Retail", (("city", "London", T1), ("account_manager", "Frank Osei", T1),
           ("tier", "silver", T1))),
    Entity("s-3", "client", "The Daily Grind", (("city", "Portland", T1), ("city", "Eugene", T2),
           ("account_manager", "Rose Kim", T2), ("tier", "bronze", T1))),
    Entity("s-4", "staff", "Rose Kim", (("region", "West", T1), ("region", "Northwest", T3))),
    Entity("s-5", "staff", "Frank Osei", (("region", "EMEA", T1),)),
    Entity("s-6", "staff", "Sue Patel", (("region", "East", T1), ("manager", "Frank Osei", T1))),
    Entity("s-7", "client", "Blue Bottle Supply Co", (("city", "Oakland", T1), ("account_manager", "Sue Patel", T1),
           ("tier", "silver", T1), ("tier", "gold", T3))),
    Entity("s-8", "buyer", "Pat O'Brien", (("employer", "Target", T1), ("email", "pat.obrien@target.example", T1))),
), (
    q("Which tier is Target on?", "platinum", "gold"),
    q("Who is Target's account manager now?", "Frank Osei", "Rose"),
    q("Who managed the Target account in 2025?", "Rose Kim", "Frank", kind="time"),
    q("Where is Shell Energy Retail based?", "London"),
    q("Who looks after Shell?", "Frank Osei"),
    q("Where's the Daily Grind now?", "Eugene", "Portland", kind="case"),
    q("Daily Grind tier?", "bronze"),
    q("Which region does Rose cover?", "Northwest"),
    q("Is Frank still in EMEA?", "EMEA"),
    q("Who does Sue Patel report to?", "Frank Osei"),
    q("What tier was Blue Bottle on last year?", "silver", "gold", kind="time", relative=True),
    q("Who handles Blue Bottle Supply Co?", "Sue Patel"),
    q("Who is Pat O'Brien's employer?", "Target"),
    q("What's Pat's email?", "pat.obrien@target.example"),
    q("Which clients does Frank Osei manage?", ("Target", "Shell"), kind="reverse"),
    q("Which clients are on the gold tier?", "Blue Bottle", kind="reverse"),
    q("Did the Daily Grind move?", ("Eugene", "Portland"), kind="earlier"),
    q("Who works at Target?", "Pat O", kind="reverse"),
    q("Rose Kim's region at the start of 2026?", "West", "Northwest", kind="time"),
    q("What tier did Target start on?", "gold", kind="earlier"),
    q("Which account manager does The Daily Grind have?", "Rose Kim"),
    q("frank osei region", "EMEA", kind="case"),
))


#: probe 30, written at stop 55 before it was run: a dental practice where a family shares a surname (Mrs. Okafor, the
#: Okafors', "M. Okafor"), a nickname alias (Maggie), dentists stored with their title as values ("Dr. Hannah Lee")
#: and asked without it, a typo in the attribute word, two people in one question, all capitals.
DENTAL = World("dental", (
    Entity("d-1", "patient", "Margaret Okafor", (("dentist", "Dr. Samuel Reyes", T1), ("plan", "NHS", T1),
           ("plan", "private", T2), ("address", "14 Elm Street", T1), ("address", "9 Oak Avenue", T3)),
           aliases=("Maggie Okafor",)),
    Entity("d-2", "patient", "Chinedu Okafor", (("dentist", "Dr. Samuel Reyes", T1), ("plan", "private", T1))),
    Entity("d-3", "dentist", "Samuel Reyes", (("room", "Surgery 2", T1), ("room", "Surgery 4", T2))),
    Entity("d-4", "patient", "Priyanka Desai", (("dentist", "Dr. Hannah Lee", T2), ("plan", "NHS", T2),
           ("allergies", "latex", T2))),
    Entity("d-5", "dentist", "Hannah Lee", (("room", "Surgery 1", T1),)),
    Entity("d-6", "patient", "Tomasz Nowak", (("dentist", "Dr. Hannah Lee", T1), ("plan", "private", T1),
           ("plan", "NHS", T3), ("address", "3 Birch Road", T1))),
), (
    q("What's Maggie Okafor's address now?", "9 Oak Avenue", "14 Elm", kind="alias"),
    q("Who is Mrs. Okafor's dentist?", "Dr. Samuel Reyes", ambiguous=True, kind="ambiguous"),
    q("the Okafors' plans", ("Margaret Okafor", "Chinedu Okafor")),
    q("Which surgery is Dr Reyes in these days?", "Surgery 4", "Surgery 2", kind="title"),
    q("Who are Dr. Hannah Lee's patients?", ("Desai", "Nowak"), kind="reverse"),
    q("Is Priyanka Desai allergic to anything?", "latex"),
    q("priyanka desai alergies", "latex", kind="case"),
    q("Do Tomasz Nowak and Priyanka Desai see the same dentist?", "Dr. Hannah Lee"),
    q("What plan was Tomasz on in 2025?", "private", "NHS", kind="time"),
    q("What's M. Okafor's address?", "9 Oak Avenue", "3 Birch"),
    q("where does tomasz nowak live", "3 Birch Road", kind="case"),
    q("Which room was Samuel Reyes in at the end of 2024?", "Surgery 2", "Surgery 4", kind="time"),
    q("Who treats Chinedu?", "Dr. Samuel Reyes"),
    q("WHAT PLAN IS MARGARET OKAFOR ON", "private", "NHS", kind="case"),
    q("Who has been Priyanka's dentist since 2025?", "Dr. Hannah Lee", kind="time"),
    q("Which patients are on the NHS plan?", ("Desai", "Nowak"), kind="reverse"),
    q("Was Margaret Okafor ever on the NHS plan?", "NHS", kind="earlier"),
    q("Hannah Lee's surgery?", "Surgery 1"),
    q("What was Maggie's plan before she went private?", "NHS", kind="earlier"),
    q("Has Tomasz Nowak changed plans?", ("private", "NHS"), kind="earlier"),
))
