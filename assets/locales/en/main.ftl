# Hollywood Gin, English.
# The table's buttons. Their keys (T, P, K...) are keys, not words, and are not translated.
button-take = Take
button-pass = Pass
button-knock = Knock ({ $deadwood })
button-knock-plain = Knock
button-cancel-knock = Cancel knock
button-gin = Gin!
button-lay-off-all = Lay off all
button-done = Done
button-next-round = Next round
button-new-series = New series
sort-melds = Melds
sort-rank = Rank
sort-suit = Suit

# The seats' name plates.
seat-you = You
seat-computer = Computer · { $level }
level-easy = Easy
level-medium = Medium
level-hard = Hard

# Settings.
settings-language = Language
settings-language-system = System ({ $language })
