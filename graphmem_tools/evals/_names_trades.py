"""Probes 31 and 32 of the `graphmem eval names` set, written at stop 56 before they were run.

Probe 31, a garage's customers and mechanics: an Arabic surname with its article hyphenated ("Al-Farsi", asked
"al farsi" and "Alfarsi"), a Greek name with its English alias, a two-word first name (Mary Ellen), a Scottish
"MacLeod" in any case, a Serbian "ć" typed as "c", a parts supplier renamed today; cars and bays asked back
("Which customers drive a VW Golf?", "Who had Bay 1 in 2024?"). Probe 32, a charity's donors and volunteers: a
German "von", a Spanish "de la", a two-syllable Chinese name ("Li Na"), a Thai surname, "D'Angelo" and "O'Brien"
typed without their apostrophes, a company asked without its "Ltd", two Marias; pledges and shifts asked in
chat words ("what does ludwig give every month", "When does Li Na volunteer these days?"). Probe 33, a supplier's
accounts: company names with digits ("3M", "7-Eleven"), an acronym alias (AWS), "&" typed as "and", account
managers named Joy, Hope and Will. Probe 34, an international team stored in its own scripts: Chinese names asked
inside Chinese and English questions, Russian, Greek, Japanese and Korean names in their letters, and one in Latin
letters asked beside them. Probe 35, a law school's alumni stored with middle names and initials, suffixes (Jr., III)
and long Spanish names, asked the short way people say them. Probe 36, a property manager's tenants and contractors,
asked in chat with attribute words misspelt ("adress", "lanlord", "contracter") and left out ("tom okonkwo flat?").
"""

from __future__ import annotations

from graphmem_tools.evals._names_model import T1, T2, T3, Entity, World, q

GARAGE = World("garage", (
    Entity("g-1", "customer", "Mohammed Al-Farsi", (("car", "Toyota Corolla", T1), ("car", "Kia Sportage", T2),
           ("mechanic", "Dave Hughes", T1))),
    Entity("g-2", "customer", "Giorgos Papadopoulos", (("car", "VW Golf", T1), ("mechanic", "Dave Hughes", T1),
           ("mechanic", "Ana Ilić", T3), ("membership", "basic", T1), ("membership", "premium", T3)),
           aliases=("George Papadopoulos",)),
    Entity("g-3", "mechanic", "Dave Hughes", (("bay", "Bay 1", T1), ("bay", "Bay 3", T2), ("speciality", "engines", T1))),
    Entity("g-4", "mechanic", "Ana Ilić", (("bay", "Bay 2", T2), ("speciality", "electrics", T2))),
    Entity("g-5", "customer", "Mary Ellen Walsh", (("car", "Ford Fiesta", T1), ("car", "Nissan Leaf", T3),
           ("mechanic", "Ana Ilić", T3))),
    Entity("g-6", "customer", "Ewan MacLeod", (("car", "Land Rover Defender", T1), ("mechanic", "Dave Hughes", T1))),
    Entity("g-7", "supplier", "Halfords Trade", (("contact", "Sue Patel", T1),), renamed_to="Halfords Pro"),
), (
    q("what car does mohammed al farsi drive now", "Kia Sportage", "Toyota Corolla", kind="case"),
    q("What was Mr Alfarsi driving in 2024?", "Toyota Corolla", "Kia Sportage", kind="punctuation"),
    q("Who fixes George's car?", "Ana Ilić", "Dave Hughes", kind="alias"),
    q("Who was Giorgos Papadopoulos's mechanic before Ana?", "Dave Hughes", kind="earlier"),
    q("Is George Papadopoulos on premium?", "premium", kind="alias"),
    q("which bay is dave hughes in", "Bay 3", "Bay 1", kind="case"),
    q("Which bay was Dave in during spring 2025?", "Bay 1", "Bay 3", kind="time"),
    q("What does Ana Ilic specialise in?", "electrics", kind="diacritics"),
    q("Who does Ana Ilić look after?", ("Papadopoulos", "Walsh"), kind="reverse"),
    q("Which customers does Dave Hughes work on?", ("Al-Farsi", "MacLeod"), "Walsh", kind="reverse"),
    q("What car did Mary Ellen Walsh have last year?", "Ford Fiesta", "Nissan Leaf", kind="time", relative=True),
    q("mary ellen's car?", "Nissan Leaf", "Ford Fiesta", kind="case"),
    q("Ms Walsh's mechanic", "Ana Ilić", kind="title"),
    q("What does Ewan MacLeod drive?", "Land Rover Defender"),
    q("Who services Ewan Macleod's Defender?", "Dave Hughes", kind="case"),
    q("Who's our contact at Halfords Trade?", "Sue Patel", kind="rename"),
    q("Halfords Pro contact", "Sue Patel", kind="rename"),
    q("Has Mohammed changed cars?", ("Toyota Corolla", "Kia Sportage"), kind="earlier"),
    q("Who had Bay 1 in 2024?", "Dave Hughes", kind="reverse"),
    q("Which customers drive a VW Golf?", "Papadopoulos", kind="reverse"),
    q("DAVE HUGHES SPECIALITY", "engines", kind="case"),
    q("Has Mary Ellen Walsh always had Ana as her mechanic?", "Ana Ilić", kind="earlier"),
))

CHARITY = World("charity", (
    Entity("c-1", "donor", "Ludwig von Essen", (("tier", "gold", T1), ("tier", "platinum", T2),
           ("pledge", "£200 a month", T1), ("pledge", "£350 a month", T2))),
    Entity("c-2", "donor", "Maria de la Cruz", (("tier", "silver", T1), ("coordinator", "Li Na", T1),
           ("city", "Seville", T1), ("city", "Madrid", T3))),
    Entity("c-3", "volunteer", "Li Na", (("shift", "Saturday mornings", T1), ("shift", "Wednesday evenings", T3),
           ("role", "coordinator", T1))),
    Entity("c-4", "volunteer", "Somchai Wongsawat", (("shift", "Sunday lunch", T2), ("coordinator", "Li Na", T2))),
    Entity("c-5", "donor", "Francesca D'Angelo", (("tier", "bronze", T1), ("tier", "gold", T3),
           ("coordinator", "Kwame Mensah", T1))),
    Entity("c-6", "volunteer", "Kwame Mensah", (("role", "fundraiser", T1), ("role", "coordinator", T2),
           ("shift", "Friday afternoons", T1))),
    Entity("c-7", "donor", "Patrick O'Brien", (("tier", "silver", T2), ("coordinator", "Kwame Mensah", T2))),
    Entity("c-8", "donor", "Greenfield Foods Ltd", (("tier", "corporate", T1), ("contact", "Hannah Greenfield", T1)),
           aliases=("Greenfield Foods",)),
    Entity("c-9", "volunteer", "Maria Rossi", (("shift", "Tuesday mornings", T1),)),
), (
    q("What tier is Ludwig von Essen on?", "platinum", "gold"),
    q("How much was Mr. von Essen pledging in 2024?", "£200 a month", "£350 a month", kind="time"),
    q("what does ludwig give every month", "£350 a month", "£200 a month", kind="case"),
    q("Where does Maria de la Cruz live now?", "Madrid", "Seville"),
    q("Which city was Ms. De La Cruz in last year?", "Seville", "Madrid", kind="time", relative=True),
    q("Who coordinates Maria de la Cruz?", "Li Na"),
    q("When does Li Na volunteer these days?", "Wednesday evenings", "Saturday mornings"),
    q("what shift was li na doing in summer 2025", "Saturday mornings", "Wednesday evenings", kind="time"),
    q("Who does Li Na coordinate?", ("de la Cruz", "Wongsawat"), kind="reverse"),
    q("somchai's shift", "Sunday lunch", kind="case"),
    q("Is Mr Wongsawat still on Sunday lunch?", "Sunday lunch", kind="title"),
    q("What tier is Francesca DAngelo?", "gold", "bronze", kind="punctuation"),
    q("What tier was Ms D'Angelo before she upgraded?", "bronze", kind="earlier"),
    q("Who looks after Francesca?", "Kwame Mensah"),
    q("What's Kwame's role these days?", "coordinator", "fundraiser"),
    q("Which donors does Kwame look after?", ("D'Angelo", "O'Brien"), kind="reverse"),
    q("Patrick OBrien tier", "silver", kind="punctuation"),
    q("Who is the contact at Greenfield Foods?", "Hannah Greenfield", kind="alias"),
    q("greenfield foods ltd tier", "corporate", kind="case"),
    q("Which donors are gold?", "D'Angelo", "von Essen", kind="reverse"),
    q("Who was on the gold tier in 2024?", "von Essen", "D'Angelo", kind="reverse"),
    q("Has Ludwig's pledge gone up?", ("£200 a month", "£350 a month"), kind="earlier"),
    q("Which shift is Maria on?", "Tuesday mornings", ambiguous=True, kind="ambiguous"),
))

SUPPLIERS = World("suppliers", (
    Entity("s-1", "account", "3M", (("terms", "net 30", T1), ("terms", "net 60", T2), ("account_manager", "Joy Adeyemi", T1))),
    Entity("s-2", "account", "7-Eleven", (("region", "North", T1), ("region", "Midlands", T3),
           ("account_manager", "Joy Adeyemi", T2))),
    Entity("s-3", "account", "Amazon Web Services", (("spend", "$40k", T1), ("spend", "$65k", T3),
           ("account_manager", "Hope Martinez", T1)), aliases=("AWS",)),
    Entity("s-4", "account", "Johnson Controls", (("account_manager", "Hope Martinez", T1),
           ("account_manager", "Joy Adeyemi", T3))),
    Entity("s-5", "person", "Joy Adeyemi", (("desk", "Lagos", T1), ("desk", "London", T2))),
    Entity("s-6", "person", "Hope Martinez", (("desk", "Austin", T1),)),
    Entity("s-7", "account", "Ben & Jerry's", (("terms", "net 45", T1), ("account_manager", "Will Turner", T1))),
    Entity("s-8", "person", "Will Turner", (("desk", "Burlington", T1),)),
), (
    q("What are 3M's payment terms?", "net 60", "net 30"),
    q("Who manages the 7-Eleven account?", "Joy Adeyemi", kind="punctuation"),
    q("What was 7-Eleven's region in 2024?", "North", "Midlands", kind="time"),
    q("How much does AWS spend with us now?", "$65k", "$40k", kind="alias"),
    q("what did amazon web services spend last year", "$40k", "$65k", kind="time", relative=True),
    q("Who is Hope looking after these days?", "Amazon Web Services", "Johnson Controls", kind="reverse"),
    q("Does Joy still look after Johnson Controls?", "Joy Adeyemi"),
    q("Who managed Johnson Controls in 2025?", "Hope Martinez", "Joy Adeyemi", kind="time"),
    q("Where does Joy Adeyemi sit?", "London", "Lagos"),
    q("Which accounts does Joy have?", ("3M", "7-Eleven", "Johnson Controls"), kind="reverse"),
    q("Ben and Jerry's payment terms", "net 45", kind="punctuation"),
    q("Who's the account manager for Ben & Jerry's?", "Will Turner"),
    q("Where's Will Turner based?", "Burlington"),
    q("which accounts are on net 60", "3M", kind="reverse"),
    q("What terms was 3M on before?", "net 30", kind="earlier"),
    q("Joy's desk in 2024", "Lagos", "London", kind="time"),
    q("what's johnson controls' account manager now", "Joy Adeyemi", "Hope Martinez", kind="case"),
    q("Has AWS's spend gone up?", ("$40k", "$65k"), kind="earlier"),
    q("7-eleven region?", "Midlands", "North", kind="case"),
    q("Who looked after 3M in 2024?", "Joy Adeyemi", kind="time"),
))

SCRIPTS = World("scripts", (
    Entity("i-1", "employee", "张伟", (("city", "北京", T1), ("city", "上海", T2), ("team", "支付", T1)), aliases=("Zhang Wei",)),
    Entity("i-2", "employee", "王芳", (("city", "深圳", T1), ("team", "风控", T1), ("manager", "张伟", T2))),
    Entity("i-3", "employee", "Иван Петров", (("city", "Москва", T1), ("city", "Берлин", T3), ("team", "payments", T1))),
    Entity("i-4", "employee", "Ольга Смирнова", (("city", "Санкт-Петербург", T1), ("manager", "Иван Петров", T1))),
    Entity("i-5", "employee", "Γιώργος Παπαδόπουλος", (("city", "Αθήνα", T1), ("team", "risk", T2))),
    Entity("i-6", "employee", "佐藤 花子", (("city", "東京", T1), ("city", "大阪", T3)), aliases=("Hanako Sato",)),
    Entity("i-7", "employee", "김민준", (("city", "서울", T1), ("team", "search", T1))),
    Entity("i-8", "employee", "Lucía Fernández", (("city", "Madrid", T1), ("manager", "Иван Петров", T2))),
), (
    q("张伟现在在哪个城市?", "上海", "北京", kind="script"),
    q("What is 张伟's city?", "上海", "北京", kind="script"),
    q("Where was Zhang Wei based in 2024?", "北京", "上海", kind="time"),
    q("王芳的经理是谁?", "张伟", kind="script"),
    q("Who manages 王芳?", "张伟", kind="script"),
    q("Where does Иван Петров live now?", "Берлин", "Москва", kind="script"),
    q("Which city was Иван Петров in during 2025?", "Москва", "Берлин", kind="time"),
    q("Ольга Смирнова's manager", "Иван Петров", kind="script"),
    q("Who reports to Иван Петров?", ("Смирнова", "Lucía"), kind="reverse"),
    q("What team is Γιώργος Παπαδόπουλος on?", "risk", kind="script"),
    q("Where is 佐藤 花子 now?", "大阪", "東京", kind="script"),
    q("Where is Hanako Sato based?", "大阪", "東京", kind="alias"),
    q("佐藤花子の都市は?", "大阪", "東京", kind="script"),
    q("What team is 김민준 on?", "search", kind="script"),
    q("Who is Lucia Fernandez's manager?", "Иван Петров", kind="diacritics"),
    q("Which team is Ivan's?", "payments", kind="script"),
))

ALUMNI = World("alumni", (
    Entity("a-1", "alumnus", "John F. Kennedy", (("employer", "Harbor Legal", T1), ("employer", "City Council", T3),
           ("class_year", "2009", T1))),
    Entity("a-2", "alumnus", "Martin Luther King Jr.", (("employer", "Civic Rights Clinic", T1), ("city", "Atlanta", T1))),
    Entity("a-3", "alumnus", "Robert J. Oppenheimer III", (("employer", "Los Alamos Counsel", T1), ("city", "Santa Fe", T1),
           ("city", "Denver", T2))),
    Entity("a-4", "alumnus", "Sarah Jane Smith", (("employer", "Tardis & Co", T1), ("city", "London", T1))),
    Entity("a-5", "alumnus", "Ana María de los Ángeles Pérez", (("employer", "Bufete Pérez", T1), ("city", "Bogotá", T1),
           ("city", "Madrid", T3))),
    Entity("a-6", "alumnus", "J. Edgar Hoover", (("employer", "Federal Bureau", T1),)),
    Entity("a-7", "alumnus", "Mary-Kate O'Hara", (("employer", "O'Hara & Sons", T2), ("city", "Dublin", T2))),
), (
    q("Who does John Kennedy work for now?", "City Council", "Harbor Legal", kind="initials"),
    q("Where did JFK work in 2025?", "Harbor Legal", "City Council", kind="initials"),
    q("What class year is John F Kennedy?", "2009", kind="punctuation"),
    q("Where is Martin Luther King based?", "Atlanta", kind="suffix"),
    q("Who employs Dr. King?", "Civic Rights Clinic", kind="suffix"),
    q("Where does Robert Oppenheimer live now?", "Denver", "Santa Fe", kind="initials"),
    q("Where was Oppenheimer in 2024?", "Santa Fe", "Denver", kind="time"),
    q("Who does Sarah Smith work for?", "Tardis & Co", kind="initials"),
    q("sarah jane's city", "London", kind="case"),
    q("Where does Ana Pérez live now?", "Madrid", "Bogotá", kind="initials"),
    q("Where did Ana Maria Perez live last year?", "Bogotá", "Madrid", kind="time", relative=True),
    q("Who employs Edgar Hoover?", "Federal Bureau", kind="initials"),
    q("J Edgar Hoover employer", "Federal Bureau", kind="punctuation"),
    q("Where is Mary Kate O'Hara?", "Dublin", kind="punctuation"),
    q("marykate ohara employer", "O'Hara & Sons", kind="punctuation"),
    q("Who works at Bufete Pérez?", "Ana María", kind="reverse"),
))

MAINTENANCE = World("maintenance", (
    Entity("t-1", "tenant", "Tom Okonkwo", (("flat", "Flat 3B", T1), ("flat", "Flat 5A", T3), ("landlord", "Greystone Homes", T1),
           ("address", "12 Canal Street", T1), ("address", "40 Mill Lane", T3))),
    Entity("t-2", "tenant", "Priya Raman", (("flat", "Flat 2C", T2), ("landlord", "Greystone Homes", T2),
           ("address", "7 Harbour Road", T2), ("rent", "£1,150", T2), ("rent", "£1,240", T3))),
    Entity("t-3", "contractor", "Sparks Electrical", (("contact", "Dave Lin", T1), ("trade", "electrician", T1),
           ("rate", "£45/hour", T1), ("rate", "£55/hour", T3))),
    Entity("t-4", "contractor", "Wetworks Plumbing", (("contact", "Olu Bankole", T1), ("trade", "plumber", T1))),
    Entity("t-5", "landlord", "Greystone Homes", (("contact", "Ruth Abara", T1), ("contact", "Ian Moss", T2))),
), (
    q("whats tom okonkwo's adress", "40 Mill Lane", "12 Canal", kind="misspelt"),
    q("tom okonkwo flat?", "Flat 5A", "Flat 3B", kind="case"),
    q("which flat was Tom in last year", "Flat 3B", "Flat 5A", kind="time", relative=True),
    q("who is priya raman's lanlord", "Greystone Homes", kind="misspelt"),
    q("how much rent does Priya pay now", "£1,240", "£1,150"),
    q("what was priyas rent before the rise", "£1,150", kind="earlier"),
    q("who's the contact at sparks electrical", "Dave Lin", kind="case"),
    q("what does sparks charge per hour now", "£55/hour", "£45/hour"),
    q("Sparks Electrical rate in 2025", "£45/hour", "£55/hour", kind="time"),
    q("which contracter is the plumber", "Wetworks Plumbing", kind="reverse"),
    q("who do i call at greystone", "Ian Moss", "Ruth Abara"),
    q("who was the greystone contact in 2024", "Ruth Abara", "Ian Moss", kind="time"),
    q("which tenants rent from Greystone Homes", ("Okonkwo", "Raman"), kind="reverse"),
    q("who lives at 40 mill lane", "Tom Okonkwo", kind="reverse"),
    q("olu bankole works for?", "Wetworks Plumbing", kind="reverse"),
))
