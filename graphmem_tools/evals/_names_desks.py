"""Probes 37 to 39 of the `graphmem eval names` set, written at stop 57 before they were run.

Probe 37, a law firm's clients and partners: company names with "&" asked with "and" ("Smith and Sons"), an
alias made of initials and "&" ("P&G"), a company whose name starts with a common word ("Target Stores", asked
"the Target account"), a client renamed today, and partners whose first names are time words ("Summer Lee" asked
"last summer", "June Park" asked "in June 2025"). Probe 38, a sailing club's members with Nordic, Irish, Welsh
and Dutch names (ø, å, ö, á, "Ní", "ap", "de"), typed without their letters ("Bjorn Ostergaard"), two members
called Jan. Probe 39, a helpdesk's users, each with a login as an alias ("jsmith", "k.tanaka"), asked by login
the way support staff do ("k.tanaka team?", "Is toconnor's VPN on?").
"""

from __future__ import annotations

from graphmem_tools.evals._names_model import T1, T2, T3, Entity, World, q

LAWFIRM = World("lawfirm", (
    Entity("m-1", "client", "Smith & Sons Ltd", (("partner", "Grace Okafor", T1), ("matter", "lease dispute", T1),
           ("matter", "merger", T3))),
    Entity("m-2", "client", "Procter & Gamble", (("partner", "Hunter Price", T1), ("partner", "Summer Lee", T3)),
           aliases=("P&G",)),
    Entity("m-3", "partner", "Hunter Price", (("office", "London", T1), ("office", "Leeds", T2))),
    Entity("m-4", "partner", "Summer Lee", (("office", "Leeds", T1), ("practice", "employment", T1))),
    Entity("m-5", "client", "Target Stores", (("partner", "Summer Lee", T1),)),
    Entity("m-6", "partner", "June Park", (("office", "Manchester", T1), ("office", "London", T3))),
    Entity("m-7", "client", "Shell Energy", (("partner", "June Park", T1),), renamed_to="Octopus Energy"),
    Entity("m-8", "partner", "Grace Okafor", (("office", "Bristol", T1),)),
), (
    q("Who handles Smith and Sons?", "Grace Okafor", kind="punctuation"),
    q("what matter are we doing for smith & sons now", "merger", "lease dispute", kind="case"),
    q("Who was P&G's partner before Summer?", "Hunter Price", kind="alias"),
    q("Which partner looks after Procter and Gamble these days?", "Summer Lee", "Hunter Price", kind="punctuation"),
    q("Where was Summer Lee based last summer?", "Leeds", kind="time", relative=True),
    q("Which office is June Park in?", "London", "Manchester", kind="time word"),
    q("Where was June Park working in June 2025?", "Manchester", "London", kind="time word"),
    q("Hunter Price's office in 2024?", "London", "Leeds", kind="time"),
    q("Who are Summer Lee's clients?", ("Procter & Gamble", "Target Stores"), kind="reverse"),
    q("Who's the partner on the Target account?", "Summer Lee", kind="name"),
    q("Octopus Energy's partner?", "June Park", kind="rename"),
    q("Who did we have on Shell Energy?", "June Park", kind="rename"),
    q("What does Summer Lee practise?", "employment", kind="attribute word"),
    q("Ms Park's office", "London", "Manchester", kind="title"),
    q("Which partners are in Leeds?", ("Hunter Price", "Summer Lee"), kind="reverse"),
    q("hunter price office", "Leeds", "London", kind="case"),
    q("Where is Grace based?", "Bristol", kind="name"),
))

SAILING = World("sailing", (
    Entity("n-1", "member", "Bjørn Østergaard", (("boat", "Havørn", T1), ("berth", "A12", T1), ("berth", "B3", T3))),
    Entity("n-2", "member", "Åsa Lindström", (("boat", "Sjöfröken", T1), ("role", "treasurer", T1),
           ("role", "chair", T2))),
    Entity("n-3", "member", "Siobhán Ní Bhriain", (("boat", "Cailín", T1), ("role", "secretary", T2))),
    Entity("n-4", "member", "Ólafur Jónsson", (("boat", "Hrafn", T1), ("berth", "C7", T1))),
    Entity("n-5", "member", "Jan de Vries", (("boat", "Zeemeeuw", T1), ("boat", "Albatros", T3), ("berth", "D1", T1))),
    Entity("n-6", "member", "Rhys ap Gruffydd", (("role", "bosun", T1),)),
    Entity("n-7", "member", "Jan Nowak", (("boat", "Wisła", T1), ("berth", "D2", T1))),
), (
    q("Which berth does Bjorn Ostergaard have?", "B3", "A12", kind="diacritics"),
    q("What berth was Bjørn in back in 2024?", "A12", "B3", kind="time"),
    q("What boat does Asa Lindstrom sail?", "Sjöfröken", kind="diacritics"),
    q("Was Åsa treasurer in 2024?", "treasurer", kind="time"),
    q("Who is chair now?", "Lindström", kind="reverse"),
    q("siobhan ni bhriain's boat", "Cailín", kind="case"),
    q("What's Siobhán's role?", "secretary", kind="name"),
    q("Ólafur's berth?", "C7", kind="name"),
    q("Olafur Jonsson boat", "Hrafn", kind="diacritics"),
    q("What boat has Jan de Vries got now?", "Albatros", "Zeemeeuw", kind="particle"),
    q("What was Mr de Vries sailing in 2025?", "Zeemeeuw", "Albatros", kind="title"),
    q("What does Jan sail?", ("Albatros", "Wisła"), ambiguous=True, kind="ambiguous"),
    q("Which role does Rhys ap Gruffydd have?", "bosun", kind="particle"),
    q("Who's the bosun?", "Gruffydd", kind="reverse"),
    q("Who sails Hrafn?", "Jónsson", kind="reverse"),
    q("jan nowak berth", "D2", kind="case"),
))

HELPDESK = World("helpdesk", (
    Entity("h-1", "user", "Jennifer Smith", (("laptop", "ThinkPad X1", T1), ("laptop", "MacBook Air", T3),
           ("team", "finance", T1)), aliases=("jsmith",)),
    Entity("h-2", "user", "Kenji Tanaka", (("laptop", "Dell XPS 13", T1), ("team", "sales", T1),
           ("team", "marketing", T2)), aliases=("k.tanaka",)),
    Entity("h-3", "user", "Priya Nair", (("laptop", "Surface Pro", T2), ("manager", "Jennifer Smith", T2)),
           aliases=("pnair",)),
    Entity("h-4", "user", "Tom O'Connor", (("laptop", "ThinkPad T14", T1), ("vpn", "enabled", T1),
           ("vpn", "disabled", T3)), aliases=("toconnor",)),
), (
    q("what laptop does jsmith have", "MacBook Air", "ThinkPad X1", kind="alias"),
    q("Which laptop did jsmith use in 2025?", "ThinkPad X1", "MacBook Air", kind="time"),
    q("k.tanaka team?", "marketing", "sales", kind="alias"),
    q("What team was Kenji Tanaka on in 2024?", "sales", "marketing", kind="time"),
    q("Who is pnair's manager?", "Jennifer Smith", kind="alias"),
    q("Who reports to Jennifer Smith?", "Priya Nair", kind="reverse"),
    q("Is toconnor's VPN on?", "disabled", "enabled", kind="alias"),
    q("Tom OConnor laptop", "ThinkPad T14", kind="punctuation"),
    q("what's priya's laptop", "Surface Pro", kind="case"),
    q("Which team is Jennifer in?", "finance", kind="name"),
    q("Who has a Dell XPS 13?", "Tanaka", kind="reverse"),
    q("Did Tom O'Connor have VPN in 2025?", "enabled", "disabled", kind="time"),
))
