"""Languages as data: the explicit markers and scope words of each language memory-gate reads
beyond English and Chinese (whose families live in patterns.py and cues.py, complete).

One `Language` record per language, its word lists one phrase per entry, plain text (no regex:
each is escaped), lowercase. patterns.py makes five signal families of each (`<code>_decision`,
`<code>_constraint`, `<code>_convention`, `<code>_root_cause`, `<code>_preference`) and a noise
family of its one-off
words (`<code>_one_off`, as English "this time", "again"); cues.py adds the scope and
modal words to its `scope` and `modal` cues; MARKERS open a line marked for memory. Add a
language: one record here and its must-catch and must-not sentences in tests/reading/rules/languages_test.py.
"""
from __future__ import annotations

import re

from memory_gate.base.typed import NamedTuple


class Language(NamedTuple):
    code: str  # ISO 639-1
    spaced: bool  # words are separated by spaces (then a phrase must stand as whole words)
    decision: tuple[str, ...]  # a choice made: "decidimos", "決定しました"
    constraint: tuple[str, ...]  # a must or a never: "é obrigatório", "禁止"
    convention: tuple[str, ...]  # a standing habit, scoped beyond the task: "a partir de agora"
    root_cause: tuple[str, ...]  # a cause stated as found: "a causa foi", "原因は"
    # the speaker's standing preference: "prefiro", "선호합니다"; also the `stance` cue
    preference: tuple[str, ...]
    scope: tuple[str, ...]  # generic scope (cue 'scope'): "sempre", "毎回"
    modal: tuple[str, ...]  # normative modality (cue 'modal'): "deve", "べき"
    markers: tuple[str, ...]  # what opens a line marked for memory, before its colon
    moment: tuple[str, ...]  # one-off, for the next minutes (noise): "desta vez", "今回"
    # Words that hold a listed word and mean something else: 非常に ("very") holds 常に ("always").
    unlike: tuple[str, ...] = ()
    # A root cause stated as found, in any voice (cue 'conclusive'): "a causa raiz é", "vinha de";
    # not when a hedge is in the sentence ("talvez", "かもしれ").
    conclusive: tuple[str, ...] = ()
    hedges: tuple[str, ...] = ()
    # A rule from here on, said as such (cue 'explicit', with the decision words): "a partir de
    # agora", "今後は", "앞으로". / not: "por padrão", "規約" (a default, a noun: no marker).
    onward: tuple[str, ...] = ()


PT = Language(
    'pt', True,
    decision=(
        'decidimos', 'decidi usar', 'ficou decidido', 'a decisão é', 'a decisão foi', 'optamos por',
        'escolhemos', 'vamos usar', 'vamos manter', 'vamos ficar com', 'sai de vez', 'fica de vez',
    ),
    constraint=(
        'nunca', 'sempre', 'não use', 'não usar', 'não faça', 'não commite', 'não comite',
        'é obrigatório', 'é proibido', 'proibido', 'obrigatório', 'não pode', 'não podem',
        'tem que', 'têm que', 'tem de', 'deve', 'devem', 'precisa', 'precisam',
    ),
    convention=(
        'a partir de agora', 'daqui para frente', 'daqui pra frente', 'de agora em diante',
        'por padrão', 'toda vez que', 'sempre que', 'nossa convenção', 'por convenção',
        # how things are kept, as English "Timestamps are stored in UTC" (patterns' passive_norm)
        'são gravados', 'são gravadas', 'são armazenados', 'são armazenadas', 'são salvos',
        'são salvas', 'é gravado', 'é armazenado',
    ),
    root_cause=(
        'a causa raiz', 'a causa foi', 'a causa é', 'causado por', 'causada por', 'o problema era',
        'o problema foi', 'por causa de', 'por causa do', 'por causa da', 'devido a',
        'vinha de', 'vinham de', 'veio de', 'vieram de',
    ),
    preference=('prefiro', 'preferimos', 'prefira', 'preferível', 'não quero', 'não queremos'),
    scope=(
        'sempre', 'nunca', 'a partir de agora', 'daqui para frente', 'de agora em diante',
        'por padrão', 'toda vez', 'sempre que',
    ),
    modal=('deve', 'devem', 'precisa ser', 'precisam ser', 'tem que', 'têm que', 'é obrigatório'),
    markers=('memória', 'lembrete', 'lembrar'),
    moment=('hoje', 'de novo', 'desta vez', 'dessa vez', 'por enquanto', 'por ora', 'só agora'),
    conclusive=('a causa raiz', 'vinha de', 'vinham de', 'veio de', 'vieram de'),
    hedges=('talvez', 'provavelmente', 'acho que', 'pode ser', 'parece'),
    onward=('a partir de agora', 'daqui para frente', 'daqui pra frente', 'de agora em diante'),
)

ES = Language(
    'es', True,
    decision=(
        'decidimos', 'la decisión es', 'la decisión fue', 'optamos por', 'elegimos',
        'vamos a usar', 'nos quedamos con', 'queda descartado',
    ),
    constraint=(
        'nunca', 'siempre', 'no uses', 'no usar', 'no hagas', 'no subas', 'es obligatorio',
        'está prohibido', 'prohibido', 'obligatorio', 'no se puede',
        'tiene que', 'tienen que', 'hay que', 'debe', 'deben', 'debemos',
    ),
    convention=(
        'a partir de ahora', 'de ahora en adelante', 'por defecto', 'cada vez que', 'siempre que',
        'nuestra convención', 'por convención',
        'se guardan', 'se almacenan', 'se guardan en', 'se almacena', 'son guardados',
    ),
    root_cause=(
        'la causa raíz', 'la causa fue', 'la causa es', 'causado por', 'causada por',
        'el problema era', 'el problema fue', 'debido a', 'por culpa de',
        'venía de', 'venían de', 'vino de', 'vinieron de',
    ),
    preference=('prefiero', 'preferimos', 'prefiera', 'preferible', 'no quiero', 'no queremos'),
    scope=(
        'siempre', 'nunca', 'a partir de ahora', 'de ahora en adelante', 'por defecto', 'cada vez',
    ),
    modal=('debe', 'deben', 'debemos', 'tiene que', 'tienen que', 'hay que', 'es obligatorio'),
    markers=('memoria', 'recordatorio', 'recordar'),
    moment=(
        'hoy', 'de nuevo', 'otra vez', 'esta vez', 'por ahora', 'ahora mismo', 'por el momento',
    ),
    conclusive=(
        'la causa raíz', 'la causa raiz', 'venía de', 'venían de', 'vino de', 'vinieron de',
    ),
    hedges=('quizás', 'quizá', 'tal vez', 'probablemente', 'creo que', 'puede que', 'parece'),
    onward=('a partir de ahora', 'de ahora en adelante', 'desde ahora'),
)

JA = Language(
    'ja', False,
    decision=(
        '決定', '決めました', '決めた', 'に決め', '採用する', '採用します', '採用した', '方針は',
        'のままでいきます', 'のままでいく', 'のままにします', 'でいきます',
    ),
    constraint=(
        '必須', '必ず', '禁止', 'してはいけない', 'してはならない', 'しないでください',
        'しないこと',
        '使わない', 'べきではない', '絶対に',
    ),
    convention=(
        '今後は', '今後、', '今後も', '以降は', '毎回', 'に統一', '規約', 'ルールとして',
        'デフォルトで', '常に', 'で保存します', 'で保存する',
    ),
    root_cause=('原因は', 'が原因', '根本原因', 'のせいで', 'によるもの', 'ためです'),
    preference=('の方が好き', 'の方がいい', 'が好みです', '好みです', 'たくない'),
    scope=('常に', '毎回', '今後', '必ず', 'いつも', 'デフォルトで'),
    modal=('べき', '必須', 'なければならない', 'なければいけない', 'してはいけない'),
    markers=('記憶', 'メモリー', '覚えておく'),
    moment=('今回', '今日', 'とりあえず', '一旦', 'いったん', 'もう一度', '今だけ', 'ひとまず'),
    unlike=('非常に', '正常に', '異常に', '日常に'),
    # "…が原因です" is not here: in repiq's sessions it restates the bug being fixed (1 kept of 7)
    conclusive=('根本原因は',),
    hedges=('かもしれ', 'おそらく', 'たぶん', '多分', 'と思います', 'でしょう'),
    onward=('今後は', '今後、', '今後も', '以降は', 'これからは'),
)

KO = Language(
    'ko', False,  # spaced, but particles join the words: "규칙을", "앞으로는"
    decision=('결정했', '결정했습니다', '하기로 했', '로 결정', '채택', '사용하기로'),
    constraint=(
        '반드시', '절대', '금지', '하지 마세요', '하지 마', '하면 안 됩니다', '안 됩니다', '필수',
    ),
    convention=(
        '앞으로', '매번', '기본적으로', '규칙', '컨벤션', '으로 통일', '로 통일', '로 저장합니다',
        '으로 저장합니다',
    ),
    root_cause=('원인은', '때문이었', '때문입니다', '로 인해', '근본 원인'),
    preference=(
        '선호합니다', '선호해', '선호한다', '더 좋아합니다', '편이 좋습니다', '원하지 않습니다',
    ),
    scope=('항상', '언제나', '앞으로', '매번', '기본적으로', '반드시'),
    modal=('해야 합니다', '해야 한다', '해야 해', '해야만', '필수'),
    markers=('기억', '메모리'),
    moment=('이번에', '이번만', '오늘', '일단', '다시 ', '지금은', '당분간'),
    unlike=('절대값', '절댓값', '절대 경로', '절대경로', '절대적'),
    conclusive=('근본 원인은', '때문이었습니다'),
    hedges=('아마', '것 같', '수도 있'),
    onward=('앞으로',),
)

LANGUAGES: tuple[Language, ...] = (PT, ES, JA, KO)


def pattern(words: tuple[str, ...], spaced: bool, unlike: tuple[str, ...] = ()) -> str:
    """The words as one alternation (no flags); as whole words where the language spaces them;
    none where it is part of a word it is unlike (非常に is not 常に)."""
    alternatives = '|'.join(guarded(w, unlike) for w in dict.fromkeys(words))
    return rf'(?<!\w)(?:{alternatives})(?!\w)' if spaced else f'(?:{alternatives})'


def guarded(word: str, unlike: tuple[str, ...]) -> str:
    """The word escaped, with a lookbehind or lookahead for each longer word holding it."""
    before, after = [], []
    for other in unlike:
        at = other.find(word)
        if at > 0:
            before.append(f'(?<!{re.escape(other[:at])})')
        elif at == 0 and len(other) > len(word):
            after.append(f'(?!{re.escape(other[len(word):])})')
    return ''.join(before) + re.escape(word) + ''.join(after)


def tokens(words: tuple[str, ...]) -> tuple[str, ...]:
    """A gate for the words (cues.GATES): of each, its longest run of ASCII letters, a token every
    sentence holding the word holds (the word stands whole); a word without one is its own gate,
    looked for as it is (cues.CJK_GATES)."""
    found = []
    for word in words:
        runs = re.findall(r'[a-z]+', word.lower())
        found.append(max(runs, key=len) if runs else word)
    return tuple(dict.fromkeys(found))


def words_of(field: str, spaced: bool) -> tuple[str, ...]:
    """One field's words over every language that spaces its words (or does not)."""
    return tuple(w for lang in LANGUAGES if lang.spaced == spaced for w in getattr(lang, field))


def either_pattern(field: str) -> str:
    """One field's words of every language, as one alternation (no flags)."""
    unlike = tuple(w for lang in LANGUAGES for w in lang.unlike)
    spaced = pattern(words_of(field, True), True, unlike)
    return spaced + '|' + pattern(words_of(field, False), False, unlike)


def gate(field: str) -> tuple[str, ...]:
    """The gate of one field's words over every language (cues.GATES)."""
    return tokens(words_of(field, True) + words_of(field, False))


def scope_gate() -> tuple[str, ...]:
    return gate('scope')


def modal_gate() -> tuple[str, ...]:
    return gate('modal')


# Every language's markers, one alternation (cues._MARKER: a marker opens the line, then a colon).
MARKERS = '|'.join(re.escape(w) for lang in LANGUAGES for w in lang.markers)
