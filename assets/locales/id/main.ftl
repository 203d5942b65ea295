# Hollywood Gin, Bahasa Indonesia.
button-take = Ambil
button-pass = Lewat
button-knock = Ketuk ({ $deadwood })
button-knock-plain = Ketuk
button-cancel-knock = Batal ketuk
button-gin = Gin!
button-lay-off-all = Tempel semua
button-done = Selesai
button-next-round = Ronde berikutnya
button-new-series = Seri baru
sort-melds = Kombinasi
sort-rank = Angka
sort-suit = Jenis

seat-you = Anda
seat-computer = Komputer · { $level }
level-easy = Mudah
level-medium = Sedang
level-hard = Sulit

settings-language = Bahasa
settings-language-system = Sistem ({ $language })
