"""An English gloss of a statement in another language, word for word, from a small bilingual
lexicon of common words: what the offline encoder (English vectors) can read of it.

The offline encoder scores a Japanese, Chinese, Spanish, German or French statement near 0 with
any English memory, whatever it says: "用户血压高" and "User has high blood pressure" share no
token and no vector. Glossed word for word ("User blood pressure high") the pair scores as the
English one would. The lexicon is a structure, not a list of phrasings: one row per everyday
concept a profile is about (people, animals, food and diet, drinks, health, sport and music,
work and study, home, travel and transport, time and quantity), with its common words in the
corpus languages; numerals before a counter word of Chinese and Japanese ("二匹", "两个") are
numbers. Names and digits in Latin script are kept as they are. Words the lexicon lacks are
left out: a gloss is evidence of topic, never a translation to be stored.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memscribe.lazyre import lazy_compile

#: English word: its common words in Chinese, Japanese, Spanish, German and French. Latin words
#: match themselves or themselves with an inflection ending (:data:`_ENDINGS`: "perros", "Hunde",
#: never "hundert" or "Kindle"); CJK words anywhere, the longest first (酒店 is a hotel, not 酒).
#: No word whose common sense is another concept ("Frau", "mujer", "femme": a woman; "Mann": a
#: man; "chatte"): the row's concept is what its every word says.
#: One word per entry, none that is also a function word or another common word of a corpus
#: language ("de", "no", "mes", "an", "como", "plus", "mehr"), nor a CJK character that is
#: mostly a part of other words ("大", "小", "本", "走").
_ROWS = """
user: 用户 用戶 ユーザー
family: 家人 家族 familia familie famille
wife: 妻子 老婆 太太 妻 嫁 esposa ehefrau épouse
husband: 丈夫 老公 夫 旦那 esposo marido ehemann mari époux
child: 孩子 小孩 子供 子ども hijo hija hijos niño niña kind kinder enfant enfants fils fille
baby: 宝宝 婴儿 赤ちゃん bebé baby bébé
parents: 父母 両親 padres eltern parents
mother: 妈妈 母亲 母 お母さん madre mamá mutter mama mère maman
father: 爸爸 父亲 父 お父さん padre papá vater papa père
sister: 姐姐 妹妹 姉 妹 hermana schwester sœur
brother: 哥哥 弟弟 兄 弟 hermano bruder frère
friend: 朋友 友達 友人 amigo amiga freund freundin ami amie copain copine
partner: 伴侣 对象 パートナー 彼氏 彼女 pareja novio novia partner partnerin copain copine
dog: 狗 犬 perro perra hund chien chienne
cat: 猫 猫咪 ネコ gato gata katze chat
pet: 宠物 ペット mascota haustier animal
bird: 鸟 鳥 pájaro vogel oiseau
fish: 鱼 魚 pescado pez fisch poisson
meat: 肉 carne fleisch viande
chicken: 鸡肉 鶏肉 pollo hähnchen huhn poulet
pork: 猪肉 豚肉 cerdo schweinefleisch porc
beef: 牛肉 ternera rindfleisch bœuf
egg: 鸡蛋 蛋 卵 たまご huevo ei eier œuf œufs
milk: 牛奶 牛乳 leche milch lait
cheese: 奶酪 チーズ queso käse fromage
vegetable: 蔬菜 野菜 verdura gemüse légume légumes
fruit: 水果 果物 fruta obst frucht fruit
rice: 米饭 大米 ご飯 お米 arroz reis riz
bread: 面包 パン pan brot pain
vegetarian: 素食 吃素 ベジタリアン 菜食 vegetariano vegetariana vegetarier vegetarisch végétarien végétarienne
vegan: 纯素 ヴィーガン vegano vegana veganer vegan végane végétalien
diet: 饮食 食事 dieta ernährung diät régime alimentation
allergy: 过敏 アレルギー alergia allergie
coffee: 咖啡 コーヒー café kaffee
tea: 茶 お茶 紅茶 té tee thé
alcohol: 酒 喝酒 お酒 alcohol alkohol alcool
beer: 啤酒 ビール cerveza bier bière
wine: 葡萄酒 红酒 ワイン wein vin
cook: 做饭 烹饪 料理 自炊 cocinar cocina kochen koche cuisine cuisiner
eat: 吃 食べ comer come esse isst essen mange manger
drink: 喝 飲 beber bebo trinke trinkt trinken bois boire
blood pressure: 血压 血圧 tensión presión blutdruck tension
diabetes: 糖尿病 diabetes diabète
medicine: 药 薬 medicamento medicina medikament medikamente tabletten médicament médicaments
doctor: 医生 医者 医師 médico arzt ärztin médecin
hospital: 医院 病院 hospital krankenhaus klinik hôpital
pregnant: 怀孕 妊娠 embarazada schwanger enceinte
knee: 膝盖 膝 rodilla knie genou
back: 腰 背中 espalda rücken
injury: 受伤 怪我 lesión verletzung blessure
surgery: 手术 手術 operación cirugía operation op opération
sleep: 睡觉 睡眠 寝 dormir duermo schlafe schlafen schlaf dors sommeil
sport: 运动 スポーツ 運動 deporte sport
run: 跑步 ランニング 走る correr corro laufen laufe joggen courir
swim: 游泳 水泳 泳 nadar nado natación schwimmen schwimme nager nage natation
cycle: 骑车 自行车 单车 自転車 サイクリング bicicleta bici fahrrad rad radfahren vélo
hike: 徒步 爬山 登山 ハイキング senderismo wandern wanderung randonnée
climb: 攀岩 クライミング escalada klettern escalade
gym: 健身 ジム gimnasio fitnessstudio
yoga: 瑜伽 ヨガ yoga
football: 足球 サッカー fútbol fußball foot
basketball: 篮球 バスケ baloncesto basketball basket
tennis: 网球 テニス tenis tennis
marathon: 马拉松 マラソン maratón marathon
guitar: 吉他 ギター guitarra gitarre guitare
piano: 钢琴 ピアノ piano klavier
music: 音乐 音楽 música musik musique
band: 乐队 バンド banda band groupe
sing: 唱歌 歌 cantar singen chanter
game: 游戏 ゲーム juego spiel jeu
book: 书 書籍 libro buch livre
read: 看书 读 読 leer lese lesen lire lis
paint: 画画 絵 pintar malen peindre dessin dibujar zeichnen
photo: 摄影 照片 写真 foto fotografía fotografie photo
travel: 旅行 旅游 viaje viajar reise reisen voyage voyager
work: 工作 上班 仕事 勤め trabajo trabajar trabajo arbeit arbeite arbeiten travail travaille travailler boulot
job: 职位 工作 職 puesto empleo stelle beruf job poste emploi métier
company: 公司 会社 企業 empresa firma unternehmen entreprise société boîte
team: 团队 小组 チーム equipo team équipe
boss: 老板 领导 上司 jefe jefa chef chefin patron
colleague: 同事 同僚 compañero kollege kollegin collègue
employee: 员工 従業員 社員 empleado angestellte mitarbeiter salarié employé
shop: 店 商店 お店 tienda laden geschäft magasin boutique
bakery: 面包店 パン屋 panadería bäckerei boulangerie
restaurant: 餐厅 饭店 レストラン restaurante restaurant
hotel: 酒店 宾馆 旅馆 ホテル 旅館 hotel hôtel
fine: 大丈夫 没事 没关系
teacher: 老师 教师 先生 教員 profesor profesora maestro maestra lehrer lehrerin professeur enseignant enseignante
nurse: 护士 看護師 enfermero enfermera krankenpfleger pflegerin infirmier infirmière
engineer: 工程师 エンジニア 技術者 ingeniero ingeniera ingenieur ingenieurin ingénieur
developer: 开发 程序员 開発 プログラマー desarrollador entwickler entwicklerin développeur développeuse
designer: 设计师 デザイナー diseñador diseñadora designer designerin designer
pharmacist: 药剂师 薬剤師 farmacéutico farmacéutica apotheker apothekerin pharmacien pharmacienne
student: 学生 大学生 高校生 estudiante student studentin étudiant étudiante
school: 学校 学校 escuela colegio schule école
university: 大学 universidad uni universität université fac
exam: 考试 试験 試験 受験 examen prüfung examen
study: 学习 学 勉強 estudiar estudio studieren lernen lerne étudier apprendre
language: 语言 言語 idioma lengua sprache langue
english: 英语 英文 英語 inglés englisch anglais
chinese: 中文 汉语 中国語 chino chinesisch chinois
japanese: 日语 日本語 japonés japanisch japonais
spanish: 西班牙语 スペイン語 español spanisch espagnol
german: 德语 ドイツ語 alemán deutsch allemand
french: 法语 フランス語 francés französisch français
retired: 退休 退職 定年 jubilado jubilada rente rentner retraite retraité retraitée
home: 家 うち casa hogar zuhause haus maison domicile
house: 房子 一戸建て 家 casa haus maison
apartment: 公寓 アパート マンション piso apartamento wohnung appartement
rent: 租 租房 賃貸 alquiler alquilo miete mieten loyer louer location
buy: 买 買 comprar compré kaufen gekauft acheter acheté
move: 搬家 搬到 引っ越 mudarse mudé mudanza umziehen umgezogen déménager déménagé
city: 城市 都市 市 ciudad stadt ville
country: 国家 国 país land pays
japan: 日本 japón japan japon
china: 中国 china chine
live: 住 住ん vivir vivo vive wohnen wohne wohnt habiter habite vis
car: 车 汽车 車 coche carro auto wagen voiture bagnole
bus: 公交 巴士 バス autobús bus
train: 火车 地铁 電車 列車 tren zug train métro
drive: 开车 運転 conducir fahren conduire
commute: 通勤 通勤 desplazamiento pendeln pendle trajet
phone: 手机 携帯 スマホ móvil teléfono handy telefon téléphone portable
computer: 电脑 パソコン ordenador computadora computer rechner ordinateur
laptop: 笔记本 ノートパソコン portátil laptop notebook portable
money: 钱 お金 dinero geld argent
weekend: 周末 週末 wochenende week-end weekend
morning: 早上 早晨 朝 mañana morgen morgens matin
evening: 晚上 夜 noche tarde abend abends soir
day: 天 日 día tag jour
week: 周 星期 週 semana woche semaine
month: 月 monat mois
year: 年 año jahr année
every: 每 毎 cada jeden jede jeder chaque tous
now: 现在 如今 今 目前 ahora jetzt inzwischen mittlerweile maintenant désormais
still: 还是 仍然 依然 相変わらず まだ todavía sigo aún noch toujours encore
again: 又 再 また wieder
no longer: 不再
new: 新 nuevo nueva neu neue nouveau nouvelle
old: 旧 老 古い viejo vieja alt alte vieux vieille ancien ancienne
big: grande groß grand
small: pequeño klein petit
high: 高 alto alta hoch élevé
low: 低 bajo niedrig bas
beginner: 初学 新手 入门 初心者 初級 principiante anfänger anfängerin débutant débutante
"""

#: Chinese and Japanese numerals before a counter word (匹, 个, 人, 台, …): a number.
_CJK_DIGITS = {"一": "one", "二": "two", "两": "two", "兩": "two", "三": "three", "四": "four",
               "五": "five", "六": "six", "七": "seven", "八": "eight", "九": "nine", "十": "ten"}  # fmt: skip
_COUNTER = "匹个個人台只隻頭头本杯回次辆輛つ"
_CJK_CHAR = lazy_compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
_LATIN_WORD = r"[A-Za-zÀ-ɏ]+(?:['’-][A-Za-zÀ-ɏ]+)*|\d+(?:[.,]\d+)?"
#: A Latin word this short matches only itself: a shorter word with an ending is too often another.
_PREFIX_MIN = 4
#: The inflection endings of the Latin-script corpus languages a lexicon word may take (plural,
#: gender, case: Spanish -s/-es/-a/-as/-o/-os, German -e/-en/-n/-er/-es/-em/-s/-in, French -s/-x/-e/-es):
#: at most two letters, so a longer word it begins ("hundert", "Kindle", "comedia") is another word.
_ENDINGS = ("s", "es", "e", "en", "n", "er", "em", "in", "a", "as", "o", "os", "x")


@lru_cache(maxsize=1)
def _lexicon() -> tuple[dict[str, str], dict[str, str], re.Pattern[str]]:
    """The rows as Latin word → English, CJK word → English, and the scan of a text: a numeral
    before a counter, a CJK word of the lexicon (longest first), a Latin word or a number."""
    latin: dict[str, str] = {}
    cjk: dict[str, str] = {}
    for row in _ROWS.strip().splitlines():
        english, words = row.split(":", 1)
        for word in words.split():
            if _CJK_CHAR.search(word):
                cjk.setdefault(word, english)
            else:
                latin.setdefault(word.lower(), english)
    numeral = f"(?P<n>[{''.join(_CJK_DIGITS)}])(?=[{_COUNTER}])"
    words = "|".join(re.escape(w) for w in sorted(cjk, key=len, reverse=True))
    scan = re.compile(f"{numeral}|(?P<c>{words})|(?P<w>{_LATIN_WORD})")
    return latin, cjk, scan


def _latin_english(word: str, latin: dict[str, str]) -> str | None:
    """The English of a Latin-script word: itself in the lexicon, or a lexicon word long enough to
    tell followed by an inflection ending (:data:`_ENDINGS`)."""
    low = word.lower()
    if low in latin:
        return latin[low]
    for ending in _ENDINGS:
        stem = low[: -len(ending)]
        if low.endswith(ending) and len(stem) >= _PREFIX_MIN and stem in latin:
            return latin[stem]
    return None


@lru_cache(maxsize=4096)
def english_gloss(text: str) -> str:
    """The English words of ``text``'s common words, in their order; its Latin names (a capital
    past its first word) and digits as they are; CJK numerals before a counter as number words.
    Empty when the lexicon knows none of it."""
    latin, cjk, scan = _lexicon()
    out: list[str] = []
    for m in scan.finditer(text):
        if m.group("n"):
            out.append(_CJK_DIGITS[m.group("n")])
        elif m.group("c"):
            out.append(cjk[m.group("c")])
        else:
            token = m.group("w")
            english = _latin_english(token, latin)
            if english is not None:
                out.append(english)
            elif token[0].isdigit() or (m.start() > 0 and not token.islower()):
                out.append(token)
    return " ".join(out)


#: Grammar a statement holds beside its content, which no gloss need read: the verbs 'have' and
#: 'be' and the possessives of the Latin-script corpus languages the shared stopwords lack; CJK
#: pronouns, particles, 'have'/'be' and the counter words.
_GRAMMAR = frozenset(
    "tengo tiene tienes tenemos tienen habe hast hat haben habt ai j'ai as avons avez ont"
    " meinem meinen meiner meines deinem unser unsere nuestro nuestra nuestros notre nos vos".split()
)
_CJK_GRAMMAR = frozenset("我你他她它们們的了是有在很也都就这這那和私僕俺") | frozenset(_COUNTER)


def gloss_coverage(text: str) -> float:
    """The share of ``text``'s content its :func:`english_gloss` reads: words (CJK characters,
    kana aside) the lexicon knows, a name or a digit kept, against those it leaves out, grammar
    aside. A gloss of one noun of a longer statement ("Tengo miedo de los perros": 'dog') reads
    it as a topic, never as a reading of the whole statement; 0 when it holds no content."""
    from memscribe.textsim import content_tokens

    latin, cjk, scan = _lexicon()
    read = left = 0
    end = 0
    for m in scan.finditer(text):
        left += _cjk_content(text[end : m.start()])
        end = m.end()
        if m.group("n") or m.group("c"):
            read += len(m.group())
            continue
        token = m.group("w")
        if _latin_english(token, latin) is not None or token[0].isdigit():
            read += 1
        elif m.start() > 0 and not token.islower():
            read += 1  # a name, kept in the gloss
        elif content_tokens(token) and token.lower() not in _GRAMMAR:
            left += 1
    left += _cjk_content(text[end:])
    return read / (read + left) if read + left else 0.0


def _cjk_content(text: str) -> int:
    """The CJK characters of ``text`` that carry content: Han and katakana, grammar aside."""
    return sum(1 for ch in text if _CJK_CONTENT.match(ch) and ch not in _CJK_GRAMMAR)


_CJK_CONTENT = lazy_compile(r"[゠-ヿ㐀-鿿豈-﫿]")


def quoted_sentence(text: str, said: str) -> str:
    """The sentence of what the user said that holds a statement's own words (its quotation, or
    the whole statement), else those words: the fuller context a gloss reads ("先月、保護犬を
    もう一匹迎えたので、今は二匹いるんです" for "今は二匹いるんです", whose own words name no dog)."""
    from memscribe.lexicon.langs import sentences
    from memscribe.semantic.updates import own_words

    own = own_words(text).strip(" \"'“”「」.。")
    if own and said:
        for sentence in sentences(said):
            if own in sentence:
                return sentence
    return own_words(text)


def english_of(text: str) -> str:
    """What the English encoder can read of ``text``: the text itself when it is English (a
    quotation the extractor kept in the user's words may be), else its :func:`english_gloss`."""
    from memscribe.lexicon.langs import language_of

    return text if language_of(text) == "en" else english_gloss(text)
