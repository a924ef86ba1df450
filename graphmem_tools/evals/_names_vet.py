"""Probes 13 and 14 of the `graphmem eval names` set, a veterinary practice, each written before it was
run: pets whose names are English words (Lucky, Pepper, Biscuit, Max, Captain), a pet named with a title
(Mr Whiskers), owners from several languages (Björn asked as Bjorn, Nguyễn, O'Brien), vets asked with Dr, an
insurer by its short name, two owners called Olga, reverse questions by an owner's and a vet's name, and lower-case
chat. Probe 13 (VET) scored 27/28 on its first run; its one miss was the set's own error (the claims number was
expected in another spelling than the one stored; the expectation now says it as stored). Probe 14 (VET2: one step
from a name, "Hannah Schmidt's dog", "the phone number of Pepper's owner", "Where's Captain's owner from?", and
change words, "Did Yuki move?", "Has Max's weight changed since 2024?") scored 12/18 on its first run, 18/18 after
(`recall/reverse.py` `one_step_on`; "move", "change", "ever" ask for earlier values too)."""

from __future__ import annotations

from graphmem_tools.evals._names_model import T1, T2, T3, Entity, World, q

VET = World("vet", (
    Entity("p-1", "pet", "Max", (("species", "dog", T1), ("breed", "beagle", T1), ("owner", "Hannah Schmidt", T1),
                                 ("weight", "11 kg", T1), ("weight", "14 kg", T3), ("vet", "Anika Patel", T1))),
    Entity("p-2", "pet", "Bella", (("species", "cat", T1), ("breed", "Maine Coon", T1), ("owner", "Hannah Schmidt", T2),
                                   ("vet", "Tomás Ruiz", T1))),
    Entity("p-3", "pet", "Pepper", (("species", "dog", T1), ("breed", "border collie", T1),
                                    ("owner", "Kwame Mensah", T1), ("vet", "Tomás Ruiz", T2))),
    Entity("p-4", "pet", "Lucky", (("species", "rabbit", T1), ("insurer", "PetPlan", T1), ("insurer", "Animal Friends", T3),
                                   ("owner", "Liam O'Brien", T1))),
    Entity("p-5", "pet", "Mr Whiskers", (("species", "cat", T1), ("vet", "Anika Patel", T2), ("owner", "Yuki Tanaka", T1))),
    Entity("p-6", "pet", "Captain", (("species", "parrot", T1), ("vet", "Tomás Ruiz", T1), ("owner", "Björn Eriksson", T1))),
    Entity("p-7", "pet", "Biscuit", (("species", "hamster", T1), ("owner", "Nguyễn Thị Mai", T2))),
    Entity("o-1", "client", "Hannah Schmidt", (("phone", "+49 151 2345 6789", T1), ("city", "Bremen", T1))),
    Entity("o-2", "client", "Kwame Mensah", (("phone", "+44 7700 900123", T1), ("city", "Leeds", T1), ("city", "York", T3))),
    Entity("o-3", "client", "Liam O'Brien", (("city", "Cork", T1), ("plan", "basic", T1), ("plan", "gold", T2))),
    Entity("o-4", "client", "Yuki Tanaka", (("city", "Osaka", T1), ("city", "Kyoto", T2))),
    Entity("o-5", "client", "Björn Eriksson", (("city", "Malmö", T1),)),
    Entity("o-6", "client", "Nguyễn Thị Mai", (("city", "Hanoi", T1),)),
    Entity("o-7", "client", "Olga Petrova", (("plan", "silver", T1),)),
    Entity("o-8", "client", "Olga Ivanova", (("plan", "gold", T1),)),
    Entity("v-1", "vet", "Anika Patel", (("branch", "Riverside", T1), ("branch", "Hillcrest", T3))),
    Entity("v-2", "vet", "Tomás Ruiz", (("branch", "Riverside", T1),)),
    Entity("i-1", "company", "PetPlan Insurance Ltd", (("claims_phone", "0800 072 7000", T1),), aliases=("PetPlan",)),
), (
    q("What breed is Bella?", "Maine Coon"),
    q("How much does Max weigh now?", "14 kg", "11 kg"),
    q("What did Max weigh in 2024?", "11 kg", "14 kg", kind="time"),
    q("Who owns Pepper?", "Kwame Mensah"),
    q("Which pets does Hannah Schmidt own?", ("Max", "Bella"), kind="reverse"),
    q("Who insures Lucky now?", "Animal Friends", "PetPlan"),
    q("Was Lucky insured with PetPlan in 2025?", "PetPlan", kind="time"),
    q("Who is Mr Whiskers' vet?", "Anika Patel", kind="title"),
    q("Which branch is Dr Patel at now?", "Hillcrest", "Riverside", kind="title"),
    q("Which branch was Dr. Anika Patel at in 2025?", "Riverside", "Hillcrest", kind="time"),
    q("Which vet sees Captain?", "Tomás Ruiz"),
    q("Which pets does Dr. Ruiz treat?", ("Bella", "Pepper", "Captain"), kind="reverse"),
    q("What's Kwame Mensah's phone number?", "447700900123"),
    q("kwame's number?", "447700900123", kind="punctuation"),
    q("where does kwame live", "York", "Leeds", kind="punctuation"),
    q("Where does Bjorn Eriksson live?", "Malmö", kind="diacritics"),
    q("What city was Yuki Tanaka in during 2024?", "Osaka", "Kyoto", kind="time"),
    q("Which plan is Liam O'Brien on?", "gold", "basic"),
    q("what plan was liam obrien on in 2024", "basic", "gold", kind="punctuation"),
    q("What plan is Olga on?", ("silver", "gold"), ambiguous=True, kind="ambiguous"),
    q("What plan is Ms Ivanova on?", "gold", "silver", kind="title"),
    q("Who owns Biscuit?", "Nguyễn Thị Mai"),
    q("Where does Mai Nguyen live?", "Hanoi", kind="diacritics"),
    q("What's the claims number for PetPlan?", "0800 072 7000", kind="alias"),
    q("Which species is Captain?", "parrot"),
    q("Who owns Biscuit and Pepper?", ("Nguyễn Thị Mai", "Kwame Mensah"), kind="two names"),
    q("Is Pepper a collie?", "border collie"),
    q("What breed is Bela?", (), ("Maine Coon",), kind="near miss"),
))

VET2 = World("vet2", VET.entities, (
    q("What's the name of Hannah Schmidt's dog?", "Max", kind="reverse"),
    q("Dr Patel's patients?", ("Max", "Mr Whiskers"), kind="reverse"),
    q("Who lived in Leeds in 2025?", "Kwame", kind="reverse"),
    q("Who's on the gold plan?", ("Liam O'Brien", "Olga Ivanova"), kind="reverse"),
    q("What's the phone number of Pepper's owner?", "447700900123", kind="two hops"),
    q("HANNAH SCHMIDT PHONE", "491512345678", kind="capitals"),
    q("hannah schmidt\u2019s city", "Bremen", kind="punctuation"),
    q("Has Max's weight changed since 2024?", ("11 kg", "14 kg"), kind="earlier"),
    q("Mr. Whiskers vet", "Anika Patel", kind="title"),
    q("Is Tomas Ruiz at Riverside?", "Riverside", kind="diacritics"),
    q("Did Yuki move?", ("Osaka", "Kyoto"), kind="earlier"),
    q("Who insured Lucky before?", "PetPlan", kind="earlier"),
    q("Who does Biscuit belong to?", "Nguyễn Thị Mai"),
    q("Where's Captain's owner from?", "Malmö", kind="two hops"),
    q("Which branch will Anika be at?", "Hillcrest", kind="first name"),
    q("Any idea what Pepper weighs?", (), ("14 kg", "11 kg"), kind="no such fact"),
    q("Olga Petrova, which plan?", "silver", "gold"),
    q("What kind of animal is Lucky?", "rabbit"),
))
