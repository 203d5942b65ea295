# Hollywood Gin, Nederlands.
button-take = Pakken
button-pass = Passen
button-knock = Kloppen ({ $deadwood })
button-knock-plain = Kloppen
button-cancel-knock = Niet kloppen
button-gin = Gin!
button-lay-off-all = Alles aanleggen
button-done = Klaar
button-next-round = Volgende ronde
button-new-series = Nieuwe reeks
sort-melds = Combinaties
sort-rank = Rang
sort-suit = Kleur

seat-you = Jij
seat-computer = Computer · { $level }
level-easy = Makkelijk
level-medium = Gemiddeld
level-hard = Moeilijk

settings-language = Taal
settings-language-system = Systeem ({ $language })
