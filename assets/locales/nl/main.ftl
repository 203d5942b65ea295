# Hollywood Gin, Nederlands.
#
# Woordkeus: kloppen (knock), gin, undercut (zo noemen Nederlandse spelers het),
# losse kaarten en losse punten (deadwood), combinatie (meld), aanleggen (lay off),
# de stapel (stock), de aflegstapel (discard pile), de open kaart (upcard), de gever (dealer),
# rij (run), reeks (series), partij (een van de drie Hollywood-spellen), ronde (round).
# Kaarten staan zoals hun hoekindex op de kaarten van het spel (8♦, 10♠, K♣).

game-title = Hollywood Gin

## De knoppen op tafel. De toetsen (T, P, K...) blijven zoals ze zijn.

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
button-menu = Menu
button-hint = Tip
button-back = Terug
button-ok = OK
sort-melds = Combinaties
sort-rank = Rang
sort-suit = Kleur

## De spelers.

seat-you = Jij
seat-computer = Computer · { $level }
seat-name = { $who ->
    [you] Jij
   *[computer] Computer
}
level-easy = Makkelijk
level-medium = Gemiddeld
level-hard = Moeilijk
level-expert = Expert
# G van gever.
dealer-chip = G
tag-taken = gepakt

## Wat je nu moet doen, boven je hand.

status-dealing = Er wordt gedeeld…
status-upcard = Pak de open kaart of pas.
status-draw = Trek: klik of sleep de stapel of de aflegstapel.
status-knock = Kloppen: klik de kaart die je aflegt (oplichtende kaarten mogen), of Niet kloppen.
status-discard = Afleggen: dubbelklik een kaart of sleep hem op de aflegstapel.
status-layoff = De computer heeft geklopt. Sleep kaarten naar de combinaties van de klopper, dan Klaar.
status-thinking = De computer denkt na…
status-deadwood = Jouw losse punten: { $deadwood }

## Geweigerde zetten.

refused-round-over = De ronde is voorbij.
refused-not-your-turn = Je bent niet aan de beurt.
refused-wrong-phase = Dat kan nu niet.
refused-not-in-hand = De { $card } zit niet in je hand.
refused-taken-card = Je hebt de { $card } net van de aflegstapel gepakt: die mag niet meteen terug.
refused-must-draw-stock = Jullie lieten allebei de open kaart liggen: trek van de stapel.
refused-long-round = Deze ronde duurt al { $moves } zetten: vanaf nu trekt iedereen van de stapel, zodat ze eindigt.
refused-series-too-long = Deze reeks heeft { $rounds } rondes, het meeste dat een bewaarde reeks kan bevatten: begin een nieuwe reeks in het menu.
refused-pile-empty = De aflegstapel is leeg.
refused-stock-empty = De stapel is leeg.
refused-deadwood-too-high = Met die kaart kun je niet kloppen: { $deadwood } losse punten is meer dan { $limit }.
refused-bad-melds = Die combinaties passen niet bij je hand.
refused-not-gin = Nog geen gin: nog { $deadwood } losse punten.
refused-big-gin-off = Big gin staat uit in deze regels.
refused-no-such-meld = Die combinatie bestaat niet.
refused-does-not-fit = De { $card } past niet aan die combinatie.
refused-bad-deck = Dat is geen spel van 52 kaarten.
refused-dealing = Wacht tot de kaarten gedeeld zijn.

## De tip.

hint-take-into-meld = Pak de { $card }: die past in een combinatie.
hint-take-towards-knock = Pak de { $card }: daarmee kom je dichter bij kloppen.
hint-pass = Pas: de { $card } past in geen combinatie.
hint-draw-unmelded = Trek van de stapel: de { $card } past in geen combinatie.
hint-draw = Trek van de stapel.
hint-discard = Leg de { $card } af: die helpt je combinaties het minst en laat { $deadwood } losse punten over.
hint-discard-wanted = Leg de { $card } af: dan houd je { $deadwood } losse punten over (de computer wil hem misschien, maar de andere zijn slechter).
hint-knock = Klop en leg de { $card } af: met { $deadwood } losse punten zit je waarschijnlijk onder de computer.
hint-gin = Ga gin en leg de { $card } af: al je andere kaarten zitten in combinaties.
hint-big-gin = Big gin: alle elf kaarten zitten in combinaties.
hint-lay-off = Leg de { $card } aan: die verlengt een combinatie van de klopper.
hint-done = Klaar: er past niets meer van jou aan de combinaties van de klopper.

## De zetten van de ronde, één beurt per zin: "De computer pakte jouw 8♦ en gooide de K♦ weg."

turn = { $who ->
    [you] Jij
   *[computer] De computer
} { $actions }.
turn-passed = liet de open kaart liggen
turn-took = { $from ->
    [you] pakte jouw { $card }
    [computer] pakte de { $card } van de computer
   *[upcard] pakte de open kaart { $card }
}
turn-took-discard = pakte de bovenste aflegkaart
turn-drew = trok van de stapel
turn-threw = gooide de { $card } weg
turn-knocked = klopte met de { $card }
turn-gin = ging gin met de { $card }
turn-big-gin = ging big gin
turn-laid-off = legde { $cards } aan
turn-laid-nothing = legde niets aan
list-and = { $first } en { $last }
moves-none = Nog geen zetten.

## De melding na een ronde, en de score uitgerekend.

games-list = { $count ->
    [0] geen open partij
    [one] partij { $games }
   *[other] partijen { $games }
}
banner-dead-hand = Dode hand: niemand scoort; dezelfde gever deelt opnieuw.
banner-win = { $who ->
    [you] { $how ->
        [gin] Gin! +{ $points } in { $games }
        [big-gin] Big gin! +{ $points } in { $games }
        [undercut] Undercut op de computer: +{ $points } in { $games }
       *[knock] Jij wint de ronde: +{ $points } in { $games }
    }
   *[computer] { $how ->
        [gin] De computer ging gin: +{ $points } in { $games }
        [big-gin] De computer ging big gin: +{ $points } in { $games }
        [undercut] Undercut door de computer: +{ $points } in { $games }
       *[knock] De computer wint de ronde: +{ $points } in { $games }
    }
}
banner-game-closes = { $who ->
    [you] Partij { $game } is uit: jij wint hem, { $you } tegen { $computer }.
   *[computer] Partij { $game } is uit: de computer wint hem, { $computer } tegen { $you }.
}
banner-series-decided = { $who ->
    [you] Jij hebt de reeks gewonnen! Er wordt doorgespeeld tot alle drie partijen uit zijn.
   *[computer] De computer heeft de reeks gewonnen. Er wordt doorgespeeld tot alle drie partijen uit zijn.
}
banner-series-over = Alle drie partijen zijn uit: de reeks is voorbij.
banner-practice = (Een nagespeelde hand: telt niet mee.)
worked-knocker = { $who ->
    [you] { $how ->
        [gin] Jij ging gin.
        [big-gin] Jij ging big gin.
       *[other] Jij klopte met { $deadwood }.
    }
   *[computer] { $how ->
        [gin] De computer ging gin.
        [big-gin] De computer ging big gin.
       *[other] De computer klopte met { $deadwood }.
    }
}
worked-defender = { $laid ->
    [0] { $who ->
        [you] Jij had { $deadwood }.
       *[computer] De computer had { $deadwood }.
    }
   *[other] { $who ->
        [you] Jij had { $deadwood } na het aanleggen van { $cards }.
       *[computer] De computer had { $deadwood } na het aanleggen van { $cards }.
    }
}
worked-sum = { $how ->
    [gin] Ginbonus
    [big-gin] Big-ginbonus
    [undercut] Undercut
   *[knock] Verschil
}: { $sum } voor { $who ->
    [you] jou
   *[computer] de computer
}.
worked-game = Partij { $game }: +{ $points }, { $who ->
    [you] jij staat
   *[computer] de computer staat
} nu op { $now }.

## Het scorevenster.

window-score = Score
window-moves = Deze ronde
window-series-over = Reeks voorbij
window-notice = Melding
score-game = Partij { $game }
game-open = open
game-won-by = { $who ->
    [you] gewonnen door jou
   *[computer] gewonnen door de computer
}
series-won = { $who ->
    [you] Jij hebt de reeks gewonnen, { $you } partijen tegen { $computer }.
   *[computer] De computer heeft de reeks gewonnen, { $computer } partijen tegen { $you }.
}
series-standing = { $who ->
    [you] Jij staat voor in de reeks ({ $you }–{ $computer } in partijen).
    [computer] De computer staat voor in de reeks ({ $computer }–{ $you } in partijen).
   *[nobody] De reeks staat gelijk ({ $you }–{ $computer } in partijen).
}
score-practising = Je speelt een hand na: je reeks wacht.
score-rules = Partijen gaan uit bij { $target }. Ginbonus { $gin }, undercutbonus { $undercut }.
score-history = Verloop ({ $rounds ->
    [one] 1 ronde
   *[other] { $rounds } rondes
})
score-no-rounds = Nog geen rondes.
history-dead-hand = Ronde { $round }: dode hand, geen score
history-win = Ronde { $round }: { $who ->
    [you] Jij
   *[computer] Computer
} +{ $points } ({ $how ->
    [undercut] undercut
    [gin] gin
    [big-gin] big gin
   *[knock] klop
}) in { $games }
history-closes = ; partij { $game } uit
summary-rounds-won = Rondes gewonnen
summary-gins = Gins
summary-rounds-played = { $rounds ->
    [one] 1 ronde gespeeld.
   *[other] { $rounds } rondes gespeeld.
}
deal-committed = Hand { $deal } · vastlegging { $commit }
deal-revealed = Hand { $deal } · vastlegging { $commit } · seed { $seed }, gedeeld door { $who ->
    [you] jou
   *[computer] de computer
}
deal-commit-tooltip = Vóór elke hand legt het spel de kaarten vast en toont het deze vastlegging, een SHA-256-hash van de seed en het nummer van de hand. Na de ronde verschijnt de seed: met „hollywood-gin verify --seed SEED --deal { $deal } --commit COMMITMENT” en de vastlegging die je zag, controleer je dat de kaarten niet zijn veranderd nadat het spel begon.

## Meldingen over je bestanden. $detail is de melding van het systeem of de parser zelf.

file-name = { $file ->
    [settings] instellingen
    [series] opgeslagen reeks
    [friend] reeks met een vriend
   *[statistics] statistieken
}
notice-no-home = Geen thuismap gevonden: instellingen en de reeks worden niet bewaard.
notice-not-saved = Het bestand met de { $file } ({ $path }) kon niet worden bewaard: { $detail }
notice-unknown-fields = Het bestand met de { $file } ({ $path }) bevat velden die deze versie niet kent; die zijn overgeslagen: { $fields }.
notice-did-you-mean = Bedoelde je `{ $known }` in plaats van `{ $unknown }`? Die instelling houdt haar standaardwaarde tot ze zo gespeld is.
notice-more-fields = en nog { $count }
notice-copy-kept = Het bestand zoals het was, is bewaard als { $copy }.
notice-copy-failed = Er kon geen kopie van worden gemaakt ({ $detail }), dus het blijft onaangeroerd.
notice-unusable-moved = Het bestand met de { $file } ({ $path }) { $problem }. Het is bewaard als { $aside } en de standaardwaarden worden gebruikt.
notice-unusable-stuck = Het bestand met de { $file } ({ $path }) { $problem }, en het kon niet opzij worden gezet ({ $detail }). De standaardwaarden worden gebruikt en het bestand blijft onaangeroerd.
file-unreadable = kon niet worden gelezen ({ $detail })
file-not-a-file = is geen gewoon bestand
file-too-large = is { $bytes } bytes, te groot voor een bestand van het spel (hoogstens { $limit })
file-grew = werd te groot terwijl het werd gelezen
file-not-text = is geen UTF-8-tekst
file-invalid = is ongeldig ({ $detail })
file-bad-value = bevat een verkeerde waarde ({ $detail })
file-unknown-fields = bevat velden die het spel nooit schrijft ({ $fields }): een beschadigde sleutel, dus het wordt niet als iets anders gelezen
file-missing-field = mist `{ $field }`, dat het spel altijd schrijft
file-newer-format = komt van een nieuwere versie (formaat { $found }, deze leest { $reads })
file-older-format = komt van een oudere versie (formaat { $found }) waarvan deze de zetten niet kan controleren, dus die reeks kan niet verder

## Het menu.

menu-continue = Reeks voortzetten
menu-play = Spelen
menu-new-series = Nieuwe reeks
menu-replay = Hand naspelen
menu-settings = Instellingen
menu-statistics = Statistieken
menu-help = Spelregels
menu-quit = Stoppen
menu-version = Versie { $version } · de reeks wordt na elke zet bewaard
confirm-new-title = Nieuwe reeks?
confirm-new-text = De reeks die loopt gaat verloren. Een nieuwe beginnen?
confirm-new-yes = Nieuwe reeks beginnen
confirm-new-no = Verder spelen
replay-intro = Speel een afgelopen hand opnieuw, of een willekeurige hand vanaf haar seed. Een herhaalde hand is oefening: je reeks wacht en er wordt niets geteld.
replay-finished = Afgelopen handen van deze reeks
replay-none-yet = Nog geen: de seed van een hand wordt pas getoond als de ronde voorbij is.
replay-button = Herhaal
replay-deal = Hand { $deal } · seed { $seed }, gedeeld door { $who ->
    [you] jou
   *[computer] de computer
}
history-seed = seed { $seed }
replay-seed = Seed
replay-dealer = Gever
replay-play = Deze hand spelen
replay-bad-seed = Een seed is een geheel getal, zoals 614480483733483466.

## Instellingen.

settings-note = Wijzigingen in regels en niveau gelden vanaf de volgende reeks.
settings-language = Taal
settings-language-system = Systeem ({ $language })
settings-computer = Computer
settings-gin-bonus = Ginbonus
settings-undercut-bonus = Undercutbonus
settings-classic = Klassieke bonussen
settings-line-bonus = Lijnbonus per gewonnen hand ({ $points })
settings-game-bonus = Partijbonus ({ $points })
settings-shutout-bonus = Bonus als de ander niet scoort ({ $points })
settings-big-gin-bonus = Big gin ({ $points })
settings-speed = Kaartbeweging
speed-instant = Direct
speed-fast = Snel
speed-normal = Normaal
speed-slow = Langzaam
settings-cards = Kaarten
settings-four-color = Ruiten blauw, klaveren groen
settings-ui-scale = Tekst en knoppen
settings-card-back = Achterkant
back-blue = Blauw
back-red = Rood
back-green = Groen
back-grey = Grijs
settings-sound = Geluid
settings-sound-on = Aan
settings-volume = volume
settings-no-sound = Deze versie van het spel is zonder geluid gebouwd; de releasepakketten hebben het wel.
settings-restore = Standaardwaarden terugzetten
settings-relay = Relay voor tegen een vriend spelen
settings-relay-hint = https://… (leeg: de openbare relays)
settings-relay-note = Voor een club of familie die de relayserver van iroh draait: beide spelers vullen hetzelfde adres in. Spellen verbinden nog steeds rechtstreeks als dat kan. De relay draagt alleen versleuteld verkeer: hij ziet geen kaart en deelt niets. Geldt vanaf de volgende verbinding.
settings-relay-scheme = Niet bewaard: het adres van een relay begint met https://
settings-relay-no-host = Niet bewaard: de naam van de server ontbreekt na https://
settings-relay-garbled = Niet bewaard: geen spaties, en hoogstens 200 tekens

## Statistieken.

stats-series = Reeksen gewonnen / verloren
stats-games = Partijen gewonnen / verloren
stats-rounds = Rondes gewonnen / verloren
stats-dead-hands = Dode handen
stats-knocks = Keren geklopt
stats-gins = Gins
stats-undercuts = Undercuts gemaakt
stats-undercut-against = Undercut door de computer
stats-best-round = Beste ronde
stats-win-rate = Rondes gewonnen (%)
stats-note = Nagespeelde handen tellen niet mee.

## Spelregels. $gin, $undercut, $target en $limit zijn de getallen uit de regels.

help-round-title = ZO GAAT EEN RONDE
help-round = Jij en de computer krijgen elk 10 kaarten; de volgende kaart gaat open op tafel en begint de aflegstapel. Wie niet gegeven heeft, mag die open kaart pakken; laat die speler haar liggen, dan mag de gever haar pakken; laten ze haar allebei liggen, dan trekt wie niet gegeven heeft van de stapel. Elke beurt trek je één kaart, van de stapel of de aflegstapel, en leg je er één af. De kaart die je net van de aflegstapel pakte, mag je niet meteen weer afleggen.
help-melds-title = COMBINATIES
help-melds = Drie of vier gelijke kaarten, of drie of meer opeenvolgende kaarten van één kleur (♣ klaveren, ♦ ruiten, ♥ harten, ♠ schoppen). De aas is laag: A-2-3 is een rij, V-H-A (Q-K-A) niet. Elke kaart telt in maar één combinatie. Kaarten buiten een combinatie zijn losse kaarten: een aas telt 1, boer, vrouw en heer (J, Q, K) 10, de andere kaarten hun getal.
help-knock-title = KLOPPEN
help-knock = Heb je na het trekken en afleggen { $limit } of minder losse punten, dan mag je kloppen: druk op Kloppen en klik dan de kaart die je aflegt. Je combinaties gaan open op tafel; de computer legt zijn losse kaarten aan jouw combinaties aan waar ze passen. Heb je helemaal geen losse kaarten, dan is het gin: druk op Gin!
help-scoring-title = SCORE
help-scoring = Klop je met minder losse punten dan de ander, dan krijg je het verschil. Heeft de ander evenveel of minder, dan is het een undercut: de ander krijgt het verschil plus een undercutbonus van { $undercut }. Gin levert een bonus van { $gin } op plus de losse punten van de ander, en die mag dan niets aanleggen. Slinkt de stapel tot twee kaarten zonder dat er geklopt is, dan is de hand dood en deelt dezelfde gever opnieuw.
help-hollywood-title = HOLLYWOOD
help-hollywood = Er lopen drie partijen tegelijk. Je eerste gewonnen ronde telt in partij 1, je tweede in partij 1 en 2, je derde en alle volgende in alle drie. Een partij is uit zodra iemand { $target } haalt; daarna tellen rondes alleen nog in partijen die open zijn, en heb je in een afgesloten partij nooit gescoord, dan begin je met je volgende winst in de eerstvolgende open partij. Wie twee van de drie partijen wint, wint de reeks; er wordt doorgespeeld tot alle drie uit zijn.
help-mouse-title = MET DE MUIS
help-mouse = Klik of sleep de stapel of de aflegstapel om te trekken. Dubbelklik een kaart, of sleep hem op de aflegstapel, om af te leggen. Sleep kaarten binnen je hand om ze te ordenen, of gebruik de knoppen Combinaties / Rang / Kleur (S wisselt). Klopt de computer, sleep je kaarten dan naar zijn combinaties (de combinaties waar een kaart bij past, lichten op), of druk op Alles aanleggen, en dan op Klaar.
help-keys-title = TOETSEN
help-keys = De hele ronde gaat ook zonder muis. De pijltjes links en rechts verplaatsen een gouden markering langs de stapels als je trekt, en anders langs je hand; pijl omhoog of Enter doet wat een klik erop doet (trekken, een kaart optillen, hem dan spelen); pijl omlaag zet een opgetilde kaart terug. De spatiebalk is altijd de hoofdknop (Enter ook, als er niets gemarkeerd is). Elke knop toont zijn toets: T pakken, P passen, K kloppen, G gin, L alles aanleggen, D klaar, N volgende ronde; S sorteert, H vraagt een tip, Esc opent het menu. Met een schermlezer spreken nog drie toetsen: R herhaalt de laatste beurten van je tegenstander, M noemt je combinaties en losse kaarten, C de stand.
help-commit-title = DE VASTLEGGING VAN DE HAND
help-commit = De regel linksboven, „Hand 1 · vastlegging …”, legt elke hand vast voordat de eerste kaart beweegt: de vastlegging is een SHA-256-hash van de seed en het nummer van de hand. Na de ronde staat de seed ernaast, en „hollywood-gin verify” controleert dat de gespeelde kaarten de vastgelegde waren (wijs de regel aan voor het commando). Tegen een vriend controleert het spel van de gast elke hand zo zelf.
help-licences-title = LICENTIES
help-licences = Hollywood Gin is vrije software, onder de MIT- of de Apache 2.0-licentie, naar keuze. De kaartafbeeldingen zijn van Adrian Kennard en vrij van rechten (CC0). Het spel is gebouwd uit de opensourcecrates hieronder en toont zijn tekst in het lettertype DejaVu Sans; hun licenties vragen dat deze vermeldingen met elke kopie meegaan.
help-licence-game = De licentie van het spel (MIT)
help-licence-notices = Vermeldingen van derden
help-licence-font = Het lettertype DejaVu Sans

## Regels in de terminal.

cli-no-display = geen beeldscherm gevonden (DISPLAY en WAYLAND_DISPLAY zijn niet gezet); het spel heeft een bureaubladsessie nodig.
cli-no-x11 = geen X11-beeldscherm gevonden: WAYLAND_DISPLAY is { $wayland } maar DISPLAY is niet gezet; deze versie tekent via X11 en heeft dus XWayland nodig (de meeste Wayland-bureaubladen starten dat zelf).
cli-display-unreachable = kan het beeldscherm { $display } niet openen ({ $detail }); draait de X-server, en klopt DISPLAY voor deze sessie?
cli-no-gpu = geen bruikbare grafische kaart gevonden. Het spel tekent met Vulkan, Metal, DirectX 12 of OpenGL: installeer op Linux de stuurprogramma's van Mesa (Debian/Ubuntu: mesa-vulkan-drivers en libgl1-mesa-dri), werk elders het grafische stuurprogramma bij.
cli-no-window = kan geen venster openen ({ $detail }); draait de displayserver?
cli-already-running = het spel draait al; ga naar dat venster (dit sluit af).
cli-crashed = het spel is gestopt door een fout in het spel zelf. Wat er gebeurde staat in { $path }; stuur dat bestand mee met een foutmelding. Je reeks is bewaard tot en met de laatste zet.
cli-crashed-no-log = het spel is gestopt door een fout in het spel zelf ({ $detail }). Je reeks is bewaard tot en met de laatste zet.
cli-lock-failed = kon { $path } niet vergrendelen ({ $detail }), en ook nergens anders; het spel start niet zonder, zodat nooit twee spellen tegelijk je bestanden schrijven
cli-seed-replaces = --seed begint een nieuwe reeks; de bewaarde wordt vervangen zodra je een zet doet
cli-no-gui = gebouwd zonder de `gui`-feature; alleen `simulate` is beschikbaar.
cli-bad-rules = ongeldige regels: { $detail }
cli-bad-arguments = de opdrachtregel klopt niet (hollywood-gin --help laat zien wat kan):
cli-size-format = verwacht BREEDTExHOOGTE, bijvoorbeeld 1280x800
cli-size-unusable = { $size } is geen bruikbare venstergrootte
cli-simulation-failed = de simulatie is gestopt: { $detail }

## verify: een hand controleren aan de hand van zijn vastlegging.

verify-ok = Hand { $deal } met seed { $seed } geeft de vastlegging { $hash }: die klopt. De kaarten lagen vast vóór de eerste zet:
verify-non-dealer = Hand van wie niet gaf (eerst gedeeld): { $cards }
verify-dealer = Hand van de gever: { $cards }
verify-upcard = Open kaart: { $cards }
verify-stock = Stapel, bovenste kaart eerst: { $cards }
verify-mismatch = seed { $seed } en hand { $deal } geven de vastlegging { $hash }, en dat is niet de opgegeven: dit is niet die hand.
verify-bad-commit = { $why ->
    [not-hex] een vastlegging bestaat uit hexadecimale cijfers (0-9, a-f)
    [too-short] een vastlegging heeft minstens 32 hexadecimale cijfers nodig; deze heeft er { $digits }
   *[too-long] een vastlegging heeft hoogstens 64 hexadecimale cijfers; deze heeft er { $digits }
} (seed { $seed }, hand { $deal }, vastlegging { $hash }).

## review: je beslissingen in een ronde, gewogen door de engine van Expert.

review-action = { $kind ->
    [take-upcard] de open kaart pakken
    [pass] de open kaart laten liggen
    [draw-stock] van de stapel trekken
    [take-discard] de aflegkaart pakken
    [discard] de { $card } afleggen
    [knock] kloppen met de { $card }
    [gin] gin gaan met de { $card }
    [big-gin] big gin gaan
    [lay-off] de { $card } aanleggen
   *[done] klaar met aanleggen
}
# Het decimaalteken, zoals in 2,3.
decimal-separator = ,
review-working = Bezig met nakijken…
review-header = Ronde { $round }: { $decisions ->
    [one] 1 beslissing nagekeken.
   *[other] { $decisions } beslissingen nagekeken.
}
review-decision = Zet { $move }: je koos: { $played }. { $verdict ->
    [costly] Beter: { $best }. Kost { $cost } ± { $se } punten.
    [close] Te krap om te zeggen: { $best } is misschien { $cost } ± { $se } punten beter.
   *[fine] Goed.
} (Hand { $hand }; bovenop de aflegstapel { $top }; { $knowncount ->
    [0] geen kaart van de computer bekend
   *[other] de computer heeft { $known }
})
review-summary = { $costly } van de { $decisions ->
    [one] 1 beslissing
   *[other] { $decisions } beslissingen
} { $costly ->
    [one] kostte
   *[other] kostten
} punten, samen { $total }. De grootste: zet { $move }, { $played } in plaats van { $best } ({ $cost } punten).
review-clean = { $decisions ->
    [one] De ene nagekeken beslissing kostte niet meer dan { $margin } punt buiten de ruis.
   *[other] Geen van de { $decisions } beslissingen kostte meer dan { $margin } punt buiten de ruis.
}
review-margin = Een beslissing telt als kostbaar als de beste zet van de engine meer dan { $z } standaardfouten boven { $margin } punt beter is, en als goed als geen zet zoveel beter kan zijn; de verborgen kaarten worden per { $batch } verdelingen getrokken tot een van beide vaststaat, en wat na { $samples } verdelingen nog openstaat, is te krap om te zeggen.
review-no-file = geen bewaarde reeks om na te kijken: geen thuismap gevonden (geef er een op met --file).
review-bad-file = kan { $path } niet nakijken: het bestand { $problem }
review-bad-round = kan die ronde niet nakijken: { $detail }
review-no-series = { $detail } bevat geen reeks om na te kijken
review-no-round = die afgelopen ronde bestaat niet ({ $detail })
review-button = Ronde nakijken
review-history-button = Nakijken
review-title = Ronde { $round } nagekeken
review-progress = Beslissing { $done } van { $total } wordt gewogen…
review-step = Beslissing { $step } van { $count } (zet { $move })
review-you-chose = Je koos: { $played }.
review-better = Beter: { $best }. Dat kostte { $cost } ± { $se } punten.
review-too-close = Te krap om te zeggen: { $best } is misschien { $cost } ± { $se } punten beter, en { $samples } getrokken verdelingen konden niet uitmaken of dat { $margin } punt of meer is.
review-fine = { $agree ->
    [yes] De engine is het met je eens.
   *[no] Binnen { $margin } punt van de beste, of binnen de ruis: goed.
}
review-hand = Je hand: { $cards }
review-top = Bovenop de aflegstapel: { $card }
review-known = { $count ->
    [0] Er was geen kaart van de computer bekend.
   *[other] Bekend in de hand van de computer: { $cards }
}
review-options = Wat elke zet weggeeft ten opzichte van de beste, in punten (geschat door de engine):
review-option = { $move }: −{ $cost }
review-option-best = { $move }: beste
review-prev = Vorige
review-next = Volgende
review-biggest = Grootste fout
review-close = Sluiten
review-none = In deze ronde viel er niets te wegen.

## Tegen een vriend op een andere computer.

menu-friend = Tegen een vriend
menu-friend-resume = Verder met de reeks tegen { $name }
friend-intro = Speel een Hollywood-reeks tegen een vriend op een andere computer, via internet of je eigen netwerk. Een van jullie is gastheer en stuurt de ander de uitnodigingscode.
friend-kept = Je reeks met { $name } is bewaard van de vorige keer.
friend-resume = Verdergaan
friend-forget = Vergeten
friend-your-name = Je naam
friend-host = Een reeks openen
friend-host-note = Met jouw regels uit Instellingen: { $rules }.
friend-code-label = Uitnodigingscode van je vriend
friend-join = Meedoen
friend-bad-code = Dat is geen uitnodigingscode: kopieer de hele code die je vriend stuurde.
friend-starting = Bezig met starten…
friend-code = Jouw uitnodigingscode
friend-copy = Kopiëren
friend-paste = Plakken
friend-copied = Gekopieerd.
friend-waiting = Stuur de code naar je vriend. De reeks begint zodra die meedoet.
friend-dialling = Verbinden met het spel van je vriend…
friend-not-reached = Het spel van je vriend is nog niet bereikt. Kijk of je vriend een reeks heeft geopend (Tegen een vriend → Een reeks openen, met de code in beeld), of je de hele code hebt geplakt en of beide computers online zijn. We blijven het proberen…
friend-try-again = Opnieuw proberen
friend-host-cancelled = Hosten geannuleerd: de code van zonet werkt niet meer.
friend-join-cancelled = Meedoen geannuleerd.
friend-offer = De reeks van { $name }: { $rules }.
friend-accept = Spelen
friend-cancel = Annuleren
friend-playing = Je speelt tegen { $name }.
friend-back-to-table = Terug naar de tafel
friend-end = De reeks beëindigen
friend-lost = De verbinding met { $name } is weggevallen. Wachten tot { $name } weer verbindt… ({ $clock })
friend-direct = Direct · { $ms } ms
friend-relayed = Via een relay · { $ms } ms
friend-away = Opnieuw verbinden… { $clock }
friend-taken = De gastheer speelt deze reeks al met iemand anders.
friend-foul = Het spel van { $name } deelde of meldde kaarten die niet de afgesproken deling zijn. De reeks is beëindigd.
friend-waiting-deal = Wachten tot { $name } ook om de volgende ronde vraagt…
friend-left = { $name } heeft de reeks beëindigd.
friend-other-version = Je vriend speelt Hollywood Gin { $theirs }, dat niet met deze ({ $ours }) kan spelen. Zet beide op dezelfde versie.
friend-failed = Het netwerk kon niet starten: { $why }
friend-rules = gin { $gin }, undercut { $undercut }, kloppen bij { $knock } of minder, spellen tot { $target }
seat-friend = { $name }

## Uitgesproken: wat een schermlezer zegt. Kaarten bij hun naam, nooit een kleurteken.
speak-rank = { $rank ->
    [1] aas
    [2] twee
    [3] drie
    [4] vier
    [5] vijf
    [6] zes
    [7] zeven
    [8] acht
    [9] negen
    [10] tien
    [11] boer
    [12] vrouw
   *[13] heer
}
speak-suit = { $suit ->
    [clubs] klaveren
    [diamonds] ruiten
    [hearts] harten
   *[spades] schoppen
}
# "harten zeven"
speak-card = { $suit } { $rank }
# $ranks: "vijf-zes-zeven"
speak-run = de rij { $suit } { $ranks }
# Een kaart van de hand zoals de pijltjes erlangs gaan: "harten zeven, 3 van 10, in de rij harten vijf-zes-zeven".
speak-hand-card = { $card }, { $place } van { $count }, { $where }
speak-in-run = in { $run }
# $cards: de andere kaarten van de combinatie, "klaveren zeven en schoppen zeven"
speak-in-set = in een combinatie met { $cards }
speak-deadwood = losse kaart

# De hand van de speler, zoals een schermlezer de lijst noemt.
speak-hand = Je hand
speak-piles = De stapels
speak-stock = De stapel, { $count } kaarten
speak-discard = De aflegstapel: { $card } bovenop
speak-discard-empty = De aflegstapel is leeg

# Wat nu te doen, zoals een schermlezer het zegt: de toetsen, nooit de muis.
speak-now-dealing = Er wordt gedeeld.
speak-now-upcard = Jouw beurt: de open kaart is { $card }. Pak hem of pas.
speak-now-draw = Jouw beurt om te trekken: de stapel, of { $card } van de aflegstapel. De pijltjes kiezen, Enter trekt.
speak-now-draw-stock = Jouw beurt om te trekken: Enter trekt van de stapel.
speak-drew = Je trok { $card }.
speak-now-discard = Afleggen: de pijltjes kiezen een kaart, Enter tilt hem op en nog eens Enter legt hem af.
speak-now-knock = Kloppen: de pijltjes kiezen de kaart die je aflegt, Enter klopt ermee.
speak-now-layoff = Aanleggen: de pijltjes kiezen een kaart, Enter legt hem aan.
speak-now-thinking = De computer is aan de beurt.
speak-keys = Toetsen: { $keys }.
speak-set = de combinatie { $cards }
speak-deadwood-cards = { $cards }, { $points ->
    [one] 1 punt
   *[other] { $points } punten
}
speak-none = geen
speak-mine = Jouw combinaties: { $melds }. Jouw losse kaarten: { $deadwood }.
speak-theirs = De computer heeft als combinaties: { $melds }. Losse kaarten: { $deadwood }.
speak-may-gin = Je kunt gin gaan.
speak-may-knock = Je kunt kloppen met { $deadwood }.
speak-lays-off = past aan { $meld }
speak-score-game = Partij { $game }: jij { $you }, de computer { $computer }, { $status }.
speak-no-score = nog geen punten
speak-before = Daarvoor: { $turn }
speak-nothing-yet = Er is deze ronde nog niets gebeurd.
speak-menu-open = Het menu is open: Tab gaat langs de knoppen, Enter drukt er een in, Esc gaat terug naar de tafel.
speak-line-prompt = Wat je nu doet
speak-line-opponent = De laatste beurt van je tegenstander
speak-line-asked = Wat je vroeg
speak-raised = opgetild: nog eens Enter legt hem af
speak-deal = Ronde { $round }: { $games } open.
speak-your-hand = Je hand: { $cards }.
speak-sorted = Gesorteerd: { $cards }.
