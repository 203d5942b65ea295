# Hollywood Gin, Bahasa Indonesia.
#
# Pilihan kata: ketuk (knock), gin, undercut (istilah yang dipakai pemain gin rummy),
# kartu mati dan nilai kartu mati (deadwood), kombinasi (meld), urutan (run), tempel (lay off),
# tumpukan tertutup (stock), tumpukan buangan (discard pile), kartu terbuka (upcard), dealer,
# seri (series), babak (salah satu dari tiga hitungan Hollywood; singkat, muat di tabel skor), ronde (round).
# Kartu ditulis seperti indeks di pojok kartu permainan ini (8♦, 10♠, K♣).

game-title = Hollywood Gin

## Tombol di meja. Tombol keyboard (T, P, K...) tidak diterjemahkan.

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
button-menu = Menu
button-hint = Saran
button-back = Kembali
button-ok = OK
sort-melds = Kombinasi
sort-rank = Angka
sort-suit = Jenis

## Para pemain.

seat-you = Anda
seat-computer = Komputer · { $level }
seat-name = { $who ->
    [you] Anda
   *[computer] Komputer
}
level-easy = Mudah
level-medium = Sedang
level-hard = Sulit
level-expert = Pakar
# D untuk dealer.
dealer-chip = D
tag-taken = diambil

## Yang perlu dilakukan sekarang, di atas kartu Anda.

status-dealing = Membagikan kartu…
status-upcard = Ambil kartu terbuka atau lewat.
status-draw = Ambil kartu: klik atau seret tumpukan tertutup atau tumpukan buangan.
status-knock = Ketuk: klik kartu yang akan dibuang (kartu yang menyala boleh), atau Batal ketuk.
status-discard = Buang: klik dua kali sebuah kartu atau seret ke tumpukan buangan.
status-layoff = Komputer mengetuk. Seret kartu ke kombinasinya, lalu Selesai.
status-thinking = Komputer sedang berpikir…
status-deadwood = Nilai kartu mati Anda: { $deadwood }

## Langkah yang ditolak.

refused-round-over = Ronde sudah selesai.
refused-not-your-turn = Belum giliran Anda.
refused-wrong-phase = Itu tidak bisa dilakukan sekarang.
refused-not-in-hand = Kartu { $card } tidak ada di tangan Anda.
refused-taken-card = Anda baru mengambil { $card } dari tumpukan buangan: kartu itu tidak boleh langsung dibuang lagi.
refused-must-draw-stock = Kedua pemain melewatkan kartu terbuka: ambil dari tumpukan tertutup.
refused-long-round = Ronde ini sudah berlangsung { $moves } langkah: mulai sekarang setiap pengambilan dari tumpukan tertutup, supaya ronde ini berakhir.
refused-series-too-long = Seri ini sudah { $rounds } ronde, paling banyak yang bisa disimpan: mulai seri baru dari menu.
refused-pile-empty = Tumpukan buangan kosong.
refused-stock-empty = Tumpukan sudah habis.
refused-deadwood-too-high = Anda tidak bisa mengetuk dengan kartu itu: nilai kartu mati { $deadwood } lebih dari { $limit }.
refused-bad-melds = Kombinasi itu tidak cocok dengan kartu Anda.
refused-not-gin = Belum mencapai gin: masih ada kartu mati senilai { $deadwood }.
refused-big-gin-off = Big gin tidak dipakai dalam aturan ini.
refused-no-such-meld = Kombinasi itu tidak ada.
refused-does-not-fit = Kartu { $card } tidak cocok untuk kombinasi itu.
refused-bad-deck = Itu bukan satu dek berisi 52 kartu.
refused-dealing = Tunggu sampai kartu selesai dibagikan.

## Saran.

hint-take-into-meld = Ambil { $card }: kartu itu masuk ke sebuah kombinasi.
hint-take-towards-knock = Ambil { $card }: dengan kartu itu Anda bisa mendekati ketuk.
hint-pass = Lewat: { $card } tidak masuk ke kombinasi mana pun.
hint-draw-unmelded = Ambil dari tumpukan tertutup: { $card } tidak masuk ke kombinasi mana pun.
hint-draw = Ambil dari tumpukan tertutup.
hint-discard = Buang { $card }: kartu itu paling sedikit membantu kombinasi Anda, dan sisa kartu mati Anda { $deadwood }.
hint-discard-wanted = Buang { $card }: sisa kartu mati Anda { $deadwood } (mungkin komputer menginginkannya, tetapi pilihan lain lebih buruk).
hint-knock = Ketuk sambil membuang { $card }: kartu mati { $deadwood } kemungkinan lebih kecil daripada milik komputer.
hint-gin = Capai gin sambil membuang { $card }: semua kartu lain sudah masuk kombinasi.
hint-big-gin = Big gin: kesebelas kartu sudah masuk kombinasi.
hint-lay-off = Tempel { $card }: kartu itu menyambung salah satu kombinasi pengetuk.
hint-done = Selesai: tidak ada lagi kartu Anda yang cocok dengan kombinasi pengetuk.

## Langkah dalam ronde, satu giliran satu kalimat: "Komputer mengambil 8♦ Anda lalu membuang K♦."

turn = { $who ->
    [you] Anda
   *[computer] Komputer
} { $actions }.
turn-passed = melewatkan kartu terbuka
turn-took = { $from ->
    [you] mengambil { $card } Anda
    [computer] mengambil { $card } milik komputer
   *[upcard] mengambil kartu terbuka { $card }
}
turn-took-discard = mengambil kartu buangan
turn-drew = mengambil dari tumpukan tertutup
turn-threw = membuang { $card }
turn-knocked = mengetuk sambil membuang { $card }
turn-gin = mencapai gin sambil membuang { $card }
turn-big-gin = mencapai big gin
turn-laid-off = menempelkan { $cards }
turn-laid-nothing = tidak menempelkan apa pun
list-and = { $first } dan { $last }
moves-none = Belum ada langkah.

## Pengumuman setelah ronde, dan rincian skornya.

games-list = { $count ->
    [0] tidak ada babak terbuka
   *[other] babak { $games }
}
banner-dead-hand = Tangan mati: tidak ada yang mendapat skor; dealer yang sama membagi lagi.
banner-win = { $who ->
    [you] { $how ->
        [gin] Gin! +{ $points } untuk { $games }
        [big-gin] Big gin! +{ $points } untuk { $games }
        [undercut] Anda meng-undercut komputer: +{ $points } untuk { $games }
       *[knock] Anda memenangi ronde: +{ $points } untuk { $games }
    }
   *[computer] { $how ->
        [gin] Komputer mencapai gin: +{ $points } untuk { $games }
        [big-gin] Komputer mencapai big gin: +{ $points } untuk { $games }
        [undercut] Komputer meng-undercut Anda: +{ $points } untuk { $games }
       *[knock] Komputer memenangi ronde: +{ $points } untuk { $games }
    }
}
banner-game-closes = { $who ->
    [you] Babak { $game } selesai: Anda menang, { $you } lawan { $computer }.
   *[computer] Babak { $game } selesai: komputer menang, { $computer } lawan { $you }.
}
banner-series-decided = { $who ->
    [you] Anda memenangi seri ini! Permainan berlanjut sampai ketiga babak selesai.
   *[computer] Komputer memenangi seri ini. Permainan berlanjut sampai ketiga babak selesai.
}
banner-series-over = Ketiga babak sudah selesai: seri berakhir.
banner-practice = (Kartu yang dimainkan ulang: tidak dihitung.)
worked-knocker = { $who ->
    [you] { $how ->
        [gin] Anda mencapai gin.
        [big-gin] Anda mencapai big gin.
       *[other] Anda mengetuk dengan { $deadwood }.
    }
   *[computer] { $how ->
        [gin] Komputer mencapai gin.
        [big-gin] Komputer mencapai big gin.
       *[other] Komputer mengetuk dengan { $deadwood }.
    }
}
worked-defender = { $laid ->
    [0] { $who ->
        [you] Anda punya { $deadwood }.
       *[computer] Komputer punya { $deadwood }.
    }
   *[other] { $who ->
        [you] Anda punya { $deadwood } setelah menempelkan { $cards }.
       *[computer] Komputer punya { $deadwood } setelah menempelkan { $cards }.
    }
}
worked-sum = { $how ->
    [gin] Bonus gin
    [big-gin] Bonus big gin
    [undercut] Undercut
   *[knock] Selisih
}: { $sum } untuk { $who ->
    [you] Anda
   *[computer] komputer
}.
worked-game = Babak { $game }: +{ $points }, { $who ->
    [you] Anda
   *[computer] komputer
} sekarang { $now }.

## Jendela skor.

window-score = Skor
window-moves = Ronde ini
window-series-over = Seri selesai
window-notice = Pemberitahuan
score-game = Babak { $game }
game-open = terbuka
game-won-by = { $who ->
    [you] dimenangi Anda
   *[computer] dimenangi komputer
}
series-won = { $who ->
    [you] Anda memenangi seri, { $you } babak lawan { $computer }.
   *[computer] Komputer memenangi seri, { $computer } babak lawan { $you }.
}
series-standing = { $who ->
    [you] Anda memimpin seri ({ $you }–{ $computer } dalam babak).
    [computer] Komputer memimpin seri ({ $computer }–{ $you } dalam babak).
   *[nobody] Seri masih imbang ({ $you }–{ $computer } dalam babak).
}
score-practising = Memainkan ulang kartu: seri Anda menunggu.
score-rules = Babak selesai pada { $target }. Bonus gin { $gin }, bonus undercut { $undercut }.
score-history = Riwayat ({ $rounds } ronde)
score-no-rounds = Belum ada ronde.
history-dead-hand = Ronde { $round }: tangan mati, tanpa skor
history-win = Ronde { $round }: { $who ->
    [you] Anda
   *[computer] Komputer
} +{ $points } ({ $how ->
    [undercut] undercut
    [gin] gin
    [big-gin] big gin
   *[knock] ketuk
}) di { $games }
history-closes = ; babak { $game } selesai
summary-rounds-won = Ronde menang
summary-gins = Gin
summary-rounds-played = { $rounds } ronde dimainkan.
deal-committed = Pembagian { $deal } · komitmen { $commit }
deal-revealed = Pembagian { $deal } · komitmen { $commit } · seed { $seed }, dibagi oleh { $who ->
    [you] Anda
   *[computer] komputer
}
deal-commit-tooltip = Sebelum setiap pembagian, permainan ini menetapkan kartunya dan menampilkan komitmen ini, yaitu hash SHA-256 dari seed dan nomor pembagian. Setelah ronde selesai seed-nya ditampilkan: jalankan “hollywood-gin verify --seed SEED --deal { $deal } --commit COMMITMENT” dengan komitmen yang Anda lihat untuk memastikan kartu tidak diubah setelah permainan dimulai.

## Pemberitahuan tentang berkas Anda. $detail adalah pesan asli dari sistem atau parser.

file-name = { $file ->
    [settings] pengaturan
    [series] seri tersimpan
    [friend] seri dengan teman
   *[statistics] statistik
}
notice-no-home = Folder rumah tidak ditemukan: pengaturan dan seri tidak akan disimpan.
notice-not-saved = Berkas { $file } { $path } tidak bisa disimpan: { $detail }
notice-unknown-fields = Berkas { $file } { $path } berisi kolom yang tidak dikenal versi ini, dan kolom itu diabaikan: { $fields }.
notice-did-you-mean = Maksud Anda `{ $known }`, bukan `{ $unknown }`? Pengaturan itu tetap bernilai bawaan sampai ejaannya benar.
notice-more-fields = dan { $count } lagi
notice-copy-kept = Berkas aslinya disimpan sebagai { $copy }.
notice-copy-failed = Salinannya tidak bisa dibuat ({ $detail }), jadi berkas itu tidak akan diubah.
notice-unusable-moved = Berkas { $file } { $path } { $problem }. Berkas itu disimpan sebagai { $aside } dan nilai bawaan dipakai.
notice-unusable-stuck = Berkas { $file } { $path } { $problem }, dan tidak bisa dipindahkan ({ $detail }). Nilai bawaan dipakai dan berkas itu tidak akan diubah.
file-unreadable = tidak bisa dibaca ({ $detail })
file-not-a-file = bukan berkas biasa
file-too-large = berukuran { $bytes } byte, terlalu besar untuk berkas permainan ini (paling banyak { $limit })
file-grew = menjadi terlalu besar saat dibaca
file-not-text = bukan teks UTF-8
file-invalid = tidak valid ({ $detail })
file-bad-value = berisi nilai yang salah ({ $detail })
file-unknown-fields = berisi kolom yang tidak pernah ditulis permainan ini ({ $fields }): kuncinya rusak, jadi berkas ini tidak dibaca sebagai hal lain
file-missing-field = tidak memuat `{ $field }`, yang selalu ditulis permainan ini
file-newer-format = ditulis oleh versi yang lebih baru (format { $found }, versi ini membaca { $reads })
file-older-format = ditulis oleh versi lama (format { $found }) yang langkah-langkahnya tidak bisa diperiksa versi ini, jadi seri itu tidak bisa dilanjutkan

## Menu.

menu-continue = Lanjutkan seri
menu-play = Main
menu-new-series = Seri baru
menu-replay = Main ulang kartu
menu-settings = Pengaturan
menu-statistics = Statistik
menu-help = Cara bermain
menu-quit = Keluar
menu-version = Versi { $version } · seri disimpan setiap kali melangkah
confirm-new-title = Seri baru?
confirm-new-text = Seri yang sedang berjalan akan hilang. Mulai seri baru?
confirm-new-yes = Mulai seri baru
confirm-new-no = Lanjut bermain
replay-intro = Mainkan lagi pembagian yang sudah selesai, atau pembagian apa pun dari seed-nya. Pembagian yang diulang adalah latihan: seri Anda menunggu dan tidak ada yang dihitung.
replay-finished = Pembagian yang sudah selesai di seri ini
replay-none-yet = Belum ada: seed sebuah pembagian baru diberitahukan setelah babaknya selesai.
replay-button = Ulangi
replay-deal = Pembagian { $deal } · seed { $seed }, dibagi oleh { $who ->
    [you] Anda
   *[computer] komputer
}
history-seed = seed { $seed }
replay-seed = Seed
replay-dealer = Dealer
replay-play = Mainkan kartu ini
replay-bad-seed = Seed berupa bilangan bulat, misalnya 614480483733483466.

## Pengaturan.

settings-note = Perubahan aturan dan tingkat kesulitan berlaku mulai seri berikutnya.
settings-language = Bahasa
settings-language-system = Sistem ({ $language })
settings-computer = Komputer
settings-gin-bonus = Bonus gin
settings-undercut-bonus = Bonus undercut
settings-classic = Bonus klasik
settings-line-bonus = Bonus baris per tangan menang ({ $points })
settings-game-bonus = Bonus babak ({ $points })
settings-shutout-bonus = Bonus lawan tanpa skor ({ $points })
settings-big-gin-bonus = Big gin ({ $points })
settings-speed = Gerak kartu
speed-instant = Langsung
speed-fast = Cepat
speed-normal = Normal
speed-slow = Lambat
settings-cards = Kartu
settings-four-color = Dek empat warna
settings-ui-scale = Teks dan tombol
settings-card-back = Punggung kartu
back-blue = Biru
back-red = Merah
back-green = Hijau
back-grey = Abu-abu
settings-sound = Suara
settings-sound-on = Nyala
settings-volume = volume
settings-no-sound = Salinan permainan ini dibuat tanpa suara; paket rilisnya memiliki suara.
settings-restore = Kembalikan ke bawaan
settings-relay = Relay untuk Main dengan teman
settings-relay-hint = https://… (kosong: relay publik)
settings-relay-note = Untuk klub atau keluarga yang menjalankan server relay iroh: kedua pemain mengisi alamat yang sama. Permainan tetap tersambung langsung bila bisa. Relay hanya membawa lalu lintas terenkripsi: ia tidak pernah melihat kartu dan tidak membagikan apa pun. Berlaku mulai sambungan berikutnya.
settings-relay-scheme = Tidak disimpan: alamat relay diawali https://
settings-relay-no-host = Tidak disimpan: nama server hilang setelah https://
settings-relay-garbled = Tidak disimpan: tanpa spasi, dan paling banyak 200 karakter

## Statistik.

stats-series = Seri menang / kalah
stats-games = Babak menang / kalah
stats-rounds = Ronde menang / kalah
stats-dead-hands = Tangan mati
stats-knocks = Ketuk
stats-gins = Gin
stats-undercuts = Undercut yang dibuat
stats-undercut-against = Di-undercut komputer
stats-best-round = Ronde terbaik
stats-win-rate = Persentase ronde menang
stats-note = Kartu yang dimainkan ulang tidak dihitung.

## Cara bermain. $gin, $undercut, $target dan $limit adalah angka dari aturan.

help-round-title = JALANNYA RONDE
help-round = Anda dan komputer masing-masing mendapat 10 kartu; kartu berikutnya dibuka dan menjadi awal tumpukan buangan. Pemain yang bukan dealer boleh mengambil kartu terbuka itu; kalau ia lewat, dealer boleh mengambilnya; kalau keduanya lewat, pemain yang bukan dealer mengambil dari tumpukan tertutup. Setiap giliran Anda mengambil satu kartu, dari tumpukan tertutup atau tumpukan buangan, lalu membuang satu. Kartu yang baru Anda ambil dari tumpukan buangan tidak boleh langsung dibuang lagi.
help-melds-title = KOMBINASI
help-melds = Tiga atau empat kartu yang sama angkanya, atau tiga kartu atau lebih yang berurutan dengan jenis yang sama (♣ keriting, ♦ wajik, ♥ hati, ♠ sekop). As bernilai rendah: A-2-3 adalah urutan, Q-K-A bukan. Satu kartu hanya dihitung dalam satu kombinasi. Kartu di luar kombinasi adalah kartu mati: As bernilai 1, J, Q dan K bernilai 10, kartu lain sesuai angkanya.
help-knock-title = KETUK
help-knock = Setelah mengambil kartu, jika nilai kartu mati Anda setelah membuang paling banyak { $limit }, Anda boleh mengetuk: tekan Ketuk, lalu klik kartu yang akan dibuang. Kombinasi Anda dibuka di meja; komputer menempelkan kartu matinya ke kombinasi Anda jika cocok. Jika Anda tidak punya kartu mati sama sekali, itu gin: tekan Gin!
help-scoring-title = SKOR
help-scoring = Jika Anda mengetuk dengan nilai kartu mati lebih kecil daripada lawan, Anda mendapat selisihnya. Jika nilai kartu mati lawan sama atau lebih kecil, itu undercut: lawan mendapat selisihnya ditambah bonus undercut sebesar { $undercut }. Gin mendapat bonus { $gin } ditambah nilai kartu mati lawan, dan lawan tidak boleh menempel. Jika tumpukan tertutup tinggal dua kartu tanpa ada yang mengetuk, tangan itu mati dan dealer yang sama membagi ulang.
help-hollywood-title = HOLLYWOOD
help-hollywood = Tiga babak dihitung sekaligus. Kemenangan pertama Anda masuk ke babak 1, kemenangan kedua ke babak 1 dan 2, kemenangan ketiga dan seterusnya ke ketiganya. Sebuah babak selesai saat seseorang mencapai { $target }; setelah itu kemenangan hanya masuk ke babak yang masih terbuka, dan jika Anda belum pernah mencetak skor di babak yang sudah selesai, kemenangan Anda berikutnya dimulai di babak terbuka berikutnya. Menangi dua dari tiga babak untuk memenangi seri; permainan berlanjut sampai ketiganya selesai.
help-mouse-title = DENGAN MOUSE
help-mouse = Klik atau seret tumpukan tertutup atau tumpukan buangan untuk mengambil kartu. Klik dua kali sebuah kartu, atau seret ke tumpukan buangan, untuk membuangnya. Seret kartu di tangan Anda untuk menyusunnya, atau pakai tombol Kombinasi / Angka / Jenis (S berganti urutan). Saat komputer mengetuk, seret kartu Anda ke kombinasinya (kombinasi yang cocok akan menyala), atau tekan Tempel semua, lalu Selesai.
help-keys-title = KEYBOARD
help-keys = Seluruh ronde bisa dimainkan tanpa mouse. Panah kiri dan kanan menggeser sorotan emas di antara kedua tumpukan saat Anda mengambil kartu, dan di antara kartu Anda pada saat lain; panah atas atau Enter sama dengan mengkliknya (mengambil, mengangkat kartu, lalu memainkannya); panah bawah menurunkan kartu yang terangkat. Spasi selalu menjadi tombol utama (Enter juga, jika tidak ada yang disorot). Setiap tombol menunjukkan tombol keyboard-nya: T ambil, P lewat, K ketuk, G gin, L tempel semua, D selesai, N ronde berikutnya; S mengurutkan, H meminta saran, Esc membuka menu. Dengan pembaca layar, tiga tombol lain berbicara: R mengulang giliran terakhir lawan, M menyebut kombinasi dan kartu mati Anda, C menyebut skor.
help-commit-title = KOMITMEN PEMBAGIAN
help-commit = Baris di kiri atas, “Pembagian 1 · komitmen …”, menetapkan setiap pembagian sebelum kartu pertama bergerak: komitmen itu adalah hash SHA-256 dari seed dan nomor pembagian. Setelah ronde selesai seed-nya ditampilkan di sampingnya, dan “hollywood-gin verify” memeriksa bahwa kartu yang dimainkan adalah kartu yang dikomitmenkan (arahkan penunjuk ke baris itu untuk perintahnya). Saat bermain dengan teman, permainan tamu memeriksa setiap pembagian dengan cara ini sendiri.
help-licences-title = LISENSI
help-licences = Hollywood Gin adalah perangkat lunak bebas, di bawah lisensi MIT atau Apache 2.0, sesuai pilihan Anda. Gambar kartunya karya Adrian Kennard, milik umum (CC0). Permainan ini dibangun dari crate sumber terbuka di bawah ini dan menampilkan teksnya dengan fon DejaVu Sans; lisensi mereka meminta agar pemberitahuan ini selalu disertakan pada setiap salinan.
help-licence-game = Lisensi permainan ini (MIT)
help-licence-notices = Pemberitahuan pihak ketiga
help-licence-font = Fon DejaVu Sans

## Baris yang dicetak ke terminal.

cli-no-display = layar tidak ditemukan (DISPLAY dan WAYLAND_DISPLAY tidak diatur); permainan ini memerlukan sesi desktop.
cli-no-x11 = layar X11 tidak ditemukan: WAYLAND_DISPLAY bernilai { $wayland } tetapi DISPLAY tidak diatur; versi ini menggambar lewat X11, jadi memerlukan XWayland (kebanyakan desktop Wayland menjalankannya sendiri).
cli-display-unreachable = tidak bisa membuka layar { $display } ({ $detail }); apakah server X berjalan, dan apakah DISPLAY benar untuk sesi ini?
cli-no-gpu = tidak ada kartu grafis yang bisa dipakai. Permainan ini menggambar dengan Vulkan, Metal, DirectX 12 atau OpenGL: di Linux pasang driver Mesa (Debian/Ubuntu: mesa-vulkan-drivers dan libgl1-mesa-dri), di sistem lain perbarui driver grafis.
cli-no-window = tidak bisa membuka jendela ({ $detail }); apakah server tampilan berjalan?
cli-already-running = permainan sudah berjalan; beralihlah ke jendelanya (yang ini ditutup).
cli-crashed = permainan berhenti karena ada kesalahan di dalamnya. Apa yang terjadi ditulis di { $path }; kirimkan berkas itu bersama laporan kesalahan. Seri Anda tersimpan sampai langkah terakhir.
cli-crashed-no-log = permainan berhenti karena ada kesalahan di dalamnya ({ $detail }). Seri Anda tersimpan sampai langkah terakhir.
cli-lock-failed = tidak bisa mengunci { $path } ({ $detail }), juga tidak di tempat lain; permainan tidak dimulai tanpa kunci, supaya dua permainan tidak pernah menulis berkas Anda bersamaan
cli-seed-replaces = --seed memulai seri baru; seri yang tersimpan diganti begitu Anda melangkah
cli-no-gui = dibangun tanpa fitur `gui`; hanya `simulate` yang tersedia.
cli-bad-rules = aturan tidak valid: { $detail }
cli-bad-arguments = baris perintah tidak benar (hollywood-gin --help menampilkan pilihannya):
cli-size-format = seharusnya LEBARxTINGGI, misalnya 1280x800
cli-size-unusable = { $size } bukan ukuran jendela yang bisa dipakai
cli-simulation-failed = simulasi berhenti: { $detail }

## verify: memeriksa pembagian kartu dengan komitmennya.

verify-ok = Pembagian { $deal } dengan seed { $seed } menghasilkan komitmen { $hash }: cocok. Kartu sudah ditetapkan sebelum langkah pertama:
verify-non-dealer = Kartu pemain yang bukan dealer (dibagi lebih dulu): { $cards }
verify-dealer = Kartu dealer: { $cards }
verify-upcard = Kartu terbuka: { $cards }
verify-stock = Tumpukan, kartu teratas lebih dulu: { $cards }
verify-mismatch = seed { $seed } dan pembagian { $deal } menghasilkan komitmen { $hash }, bukan yang diberikan: ini bukan pembagian itu.
verify-bad-commit = { $why ->
    [not-hex] komitmen harus berupa digit heksadesimal (0-9, a-f)
    [too-short] komitmen perlu paling sedikit 32 digit heksadesimal; yang ini { $digits }
   *[too-long] komitmen paling banyak 64 digit heksadesimal; yang ini { $digits }
} (seed { $seed }, pembagian { $deal }, komitmen { $hash }).

## review: keputusan Anda dalam satu ronde, ditimbang mesin tingkat Pakar.

review-action = { $kind ->
    [take-upcard] mengambil kartu terbuka
    [pass] melewatkan kartu terbuka
    [draw-stock] mengambil dari tumpukan tertutup
    [take-discard] mengambil kartu buangan
    [discard] membuang { $card }
    [knock] mengetuk sambil membuang { $card }
    [gin] mencapai gin sambil membuang { $card }
    [big-gin] mencapai big gin
    [lay-off] menempelkan { $card }
   *[done] selesai menempel
}
# Tanda desimal, seperti pada 2,3.
decimal-separator = ,
review-working = Sedang meninjau…
review-header = Ronde { $round }: { $decisions } keputusan ditinjau.
review-decision = Langkah { $move }: Anda memilih { $played }. { $verdict ->
    [costly] Lebih baik: { $best }. Rugi { $cost } ± { $se } poin.
    [close] Terlalu tipis untuk diputuskan: { $best } mungkin lebih baik { $cost } ± { $se } poin.
   *[fine] Bagus.
} (Kartu { $hand }; buangan teratas { $top }; { $knowncount ->
    [0] belum ada kartu komputer yang diketahui
   *[other] komputer memegang { $known }
})
review-summary = { $costly } dari { $decisions } keputusan merugikan poin, total { $total }. Yang terbesar: langkah { $move }, { $played } alih-alih { $best } ({ $cost } poin).
review-clean = Tidak satu pun dari { $decisions } keputusan merugi lebih dari { $margin } poin di luar derau.
review-margin = Sebuah keputusan dihitung merugikan jika langkah terbaik mesin unggul paling sedikit { $margin } poin lebih dari { $z } galat baku, dan dihitung bagus jika tidak ada langkah yang bisa unggul sejauh itu; kartu tersembunyi diambil sampelnya { $batch } sebaran sekali jalan sampai salah satunya jelas, dan keputusan yang belum jelas setelah { $samples } sebaran terlalu tipis untuk diputuskan.
review-no-file = tidak ada seri tersimpan untuk ditinjau: folder rumah tidak ditemukan (tentukan dengan --file).
review-bad-file = tidak bisa meninjau { $path }: berkas ini { $problem }
review-bad-round = tidak bisa meninjau ronde itu: { $detail }
review-no-series = { $detail } tidak berisi seri untuk ditinjau
review-no-round = ronde selesai itu tidak ada ({ $detail })
review-button = Tinjau ronde
review-history-button = Tinjau
review-title = Tinjauan ronde { $round }
review-progress = Menimbang keputusan { $done } dari { $total }…
review-step = Keputusan { $step } dari { $count } (langkah { $move })
review-you-chose = Anda memilih { $played }.
review-better = Lebih baik: { $best }. Itu merugikan { $cost } ± { $se } poin.
review-too-close = Terlalu tipis untuk diputuskan: { $best } mungkin lebih baik { $cost } ± { $se } poin, dan { $samples } sampel sebaran belum bisa memastikan apakah selisihnya { $margin } poin atau lebih.
review-fine = { $agree ->
    [yes] Mesin setuju.
   *[no] Selisihnya dengan yang terbaik kurang dari { $margin } poin atau masih dalam derau: bagus.
}
review-hand = Kartu Anda: { $cards }
review-top = Buangan teratas: { $card }
review-known = { $count ->
    [0] Belum ada kartu komputer yang diketahui.
   *[other] Kartu komputer yang diketahui: { $cards }
}
review-options = Poin yang hilang pada tiap langkah dibanding langkah terbaik (perkiraan mesin):
review-option = { $move }: −{ $cost }
review-option-best = { $move }: terbaik
review-prev = Sebelumnya
review-next = Berikutnya
review-biggest = Kesalahan terbesar
review-close = Tutup
review-none = Tidak ada keputusan yang perlu ditimbang di ronde ini.

## Bermain melawan teman di komputer lain.

menu-friend = Main dengan teman
menu-friend-resume = Lanjutkan seri melawan { $name }
friend-intro = Mainkan satu seri Hollywood melawan teman di komputer lain, lewat internet atau jaringanmu sendiri. Salah satu menjadi tuan rumah dan mengirim kode undangan ke yang lain.
friend-kept = Seri kamu dengan { $name } tersimpan dari sebelumnya.
friend-resume = Lanjutkan
friend-forget = Lupakan
friend-your-name = Namamu
friend-host = Buka seri
friend-host-note = Dengan aturanmu dari Pengaturan: { $rules }.
friend-code-label = Kode undangan dari temanmu
friend-join = Gabung
friend-bad-code = Itu bukan kode undangan: salin seluruh kode yang dikirim temanmu.
friend-starting = Memulai…
friend-code = Kode undanganmu
friend-copy = Salin
friend-paste = Tempel
friend-copied = Tersalin.
friend-waiting = Kirim kode ini ke temanmu. Seri dimulai saat dia bergabung.
friend-dialling = Menghubungkan ke permainan temanmu…
friend-not-reached = Permainan temanmu belum bisa dijangkau. Pastikan temanmu sudah membuka seri (Main dengan teman → Buka seri, dengan kode di layarnya), bahwa kamu menempelkan seluruh kode, dan bahwa kedua komputer tersambung ke internet. Masih mencoba…
friend-try-again = Coba lagi
friend-host-cancelled = Seri dibatalkan: kode tadi tidak berlaku lagi.
friend-join-cancelled = Batal bergabung.
friend-offer = Seri milik { $name }: { $rules }.
friend-accept = Main
friend-cancel = Batal
friend-playing = Bermain melawan { $name }.
friend-back-to-table = Kembali ke meja
friend-end = Akhiri seri
friend-lost = Sambungan ke { $name } terputus. Menunggu { $name } tersambung lagi… ({ $clock })
friend-direct = Langsung · { $ms } ms
friend-relayed = Lewat relay · { $ms } ms
friend-away = Menyambung ulang… { $clock }
friend-taken = Tuan rumah sudah memainkan seri ini dengan orang lain.
friend-foul = Permainan { $name } membagikan atau melaporkan kartu yang bukan pembagian yang disepakati. Seri telah berakhir.
friend-waiting-deal = Menunggu { $name } juga meminta ronde berikutnya…
friend-left = { $name } mengakhiri seri.
friend-other-version = Temanmu memakai Hollywood Gin { $theirs }, yang tidak bisa bermain dengan versi ini ({ $ours }). Perbarui keduanya ke versi yang sama.
friend-failed = Jaringan tidak dapat dimulai: { $why }
friend-rules = gin { $gin }, undercut { $undercut }, ketuk pada { $knock } atau kurang, game sampai { $target }
seat-friend = { $name }

## Diucapkan: yang dibacakan pembaca layar. Kartu disebut namanya, tanpa simbol jenis.
speak-rank = { $rank ->
    [1] as
    [2] dua
    [3] tiga
    [4] empat
    [5] lima
    [6] enam
    [7] tujuh
    [8] delapan
    [9] sembilan
    [10] sepuluh
    [11] jack
    [12] queen
   *[13] king
}
speak-suit = { $suit ->
    [clubs] keriting
    [diamonds] wajik
    [hearts] hati
   *[spades] sekop
}
# "tujuh hati"
speak-card = { $rank } { $suit }
# $ranks: "lima-enam-tujuh"
speak-run = urutan { $ranks } { $suit }
# Satu kartu di tangan saat dijelajahi dengan panah: "tujuh hati, 3 dari 10, dalam urutan lima-enam-tujuh hati".
speak-hand-card = { $card }, { $place } dari { $count }, { $where }
speak-in-run = dalam { $run }
# $cards: kartu lain dalam kombinasi, "tujuh keriting dan tujuh sekop"
speak-in-set = dalam kombinasi dengan { $cards }
speak-deadwood = kartu mati

# Kartu pemain, sebagai nama daftar bagi pembaca layar.
speak-hand = Kartu Anda
speak-piles = Tumpukan
speak-stock = Tumpukan tertutup, { $count } kartu
speak-discard = Tumpukan buangan: { $card } di atas
speak-discard-empty = Tumpukan buangan kosong

# Apa yang harus dilakukan sekarang, seperti diucapkan pembaca layar: tombol keyboard, bukan tetikus.
speak-now-dealing = Membagikan kartu.
speak-now-upcard = Giliran Anda: kartu terbuka adalah { $card }. Ambil atau lewat.
speak-now-draw = Giliran Anda mengambil kartu: tumpukan tertutup, atau { $card } dari tumpukan buangan. Panah memilih, Enter mengambil.
speak-now-draw-stock = Giliran Anda mengambil kartu: Enter mengambil dari tumpukan tertutup.
speak-drew = Anda mengambil { $card }.
speak-now-discard = Buang: panah memilih kartu, Enter mengangkatnya dan Enter sekali lagi membuangnya.
speak-now-knock = Ketuk: panah memilih kartu yang dibuang, Enter mengetuk dengannya.
speak-now-layoff = Tempel: panah memilih kartu, Enter menempelkannya.
speak-now-thinking = Giliran komputer.
speak-keys = Tombol: { $keys }.
speak-set = kombinasi { $cards }
speak-deadwood-cards = { $cards }, { $points } poin
speak-none = tidak ada
speak-mine = Kombinasi Anda: { $melds }. Kartu mati Anda: { $deadwood }.
speak-theirs = Kombinasi komputer: { $melds }. Kartu mati: { $deadwood }.
speak-may-gin = Anda bisa gin.
speak-may-knock = Anda bisa mengetuk dengan { $deadwood }.
speak-lays-off = bisa ditempel pada { $meld }
speak-score-game = Babak { $game }: Anda { $you }, komputer { $computer }, { $status }.
speak-no-score = belum ada nilai
speak-before = Sebelumnya: { $turn }
speak-nothing-yet = Belum ada yang terjadi di ronde ini.
speak-menu-open = Menu terbuka: Tab berpindah antar tombol, Enter menekan tombol, Esc kembali ke meja.
speak-line-prompt = Apa yang dilakukan sekarang
speak-line-opponent = Giliran terakhir lawan
speak-line-asked = Yang Anda minta
speak-raised = terangkat: Enter sekali lagi membuangnya
speak-deal = Ronde { $round }: { $games } terbuka.
speak-your-hand = Kartu Anda: { $cards }.
speak-sorted = Diurutkan: { $cards }.
