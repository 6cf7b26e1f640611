"""Each language of memory_gate/reading/rules/languages.py through its own door: sentences fed
to each family's rule and to the scope, modal and marker cues, what it must catch and what it
must not; and a standing rule said by the user in the language is proposed."""
from __future__ import annotations

import json
import re

import pytest

from memory_gate.base.records import Transcript
from memory_gate.reading import evidence, placing
from memory_gate.reading.filters import fires, gated
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Settings
from memory_gate.reading.rules import cues, languages, patterns

RULES = {r.name: r for r in patterns.SIGNAL_RULES + patterns.NOISE_RULES}

# (family, sentence, caught)
FAMILIES = [
    ('pt_decision', 'Decidimos usar PostgreSQL para tudo.', True),
    ('pt_decision', 'Você decide depois o que fazer.', False),
    ('pt_constraint', 'Nunca faça push direto na main.', True),
    ('pt_constraint', 'Fiz o push ontem à noite.', False),
    ('pt_convention', 'A partir de agora, os commits seguem o padrão convencional.', True),
    ('pt_convention', 'Agora o teste passou.', False),
    ('pt_root_cause', 'A causa foi um timeout no proxy.', True),
    ('pt_root_cause', 'Não sei o que aconteceu com o proxy.', False),
    ('es_decision', 'Decidimos usar Redis para la caché.', True),
    ('es_decision', 'Usé Redis ayer para probar.', False),
    ('es_constraint', 'Está prohibido subir secretos al repositorio.', True),
    ('es_constraint', 'Subí los cambios al repositorio.', False),
    ('es_convention', 'De ahora en adelante, las fechas van en UTC.', True),
    ('es_convention', 'Ahora las fechas se ven bien.', False),
    ('es_root_cause', 'La causa fue una condición de carrera en el worker.', True),
    ('es_root_cause', 'El worker terminó bien.', False),
    ('ja_decision', 'データベースは PostgreSQL に決めました。', True),
    ('ja_decision', 'PostgreSQL をインストールしました。', False),
    ('ja_constraint', '本番環境での直接編集は禁止です。', True),
    ('ja_constraint', '本番環境を確認しました。', False),
    ('ja_convention', '今後はすべての日時を UTC で保存します。', True),
    ('ja_convention', '日時を確認しました。', False),
    ('ja_root_cause', '原因はキャッシュの設定ミスでした。', True),
    ('ja_root_cause', 'キャッシュを削除しました。', False),
    ('ko_decision', '데이터베이스는 PostgreSQL로 결정했습니다.', True),
    ('ko_decision', 'PostgreSQL을 설치했습니다.', False),
    ('ko_constraint', 'main 브랜치에 직접 푸시하면 안 됩니다.', True),
    ('ko_constraint', 'main 브랜치에 푸시했습니다.', False),
    ('ko_convention', '앞으로 모든 시간은 UTC로 저장합니다.', True),
    ('ko_convention', '시간을 확인했습니다.', False),
    ('ko_root_cause', '원인은 캐시 설정 오류였습니다.', True),
    ('ko_root_cause', '캐시를 삭제했습니다.', False),
    ('ja_convention', 'このテストは正常に動作します。', False),  # 正常に holds 常に
    ('ja_convention', 'キャッシュは常に有効です。', True),
    ('ko_constraint', '절대 경로를 사용했습니다.', False),  # an absolute path, not "never"
    ('pt_one_off', 'Roda os testes de novo, por favor.', True),
    ('pt_one_off', 'Rode os testes antes de cada merge.', False),
    ('es_one_off', 'Por ahora deja el log en debug.', True),
    ('es_one_off', 'Deja el log en info en producción.', False),
    ('ja_one_off', '今回はテストをスキップしてください。', True),
    ('ja_one_off', 'テストは CI で実行します。', False),
    ('ko_one_off', '이번에는 테스트를 건너뛰세요.', True),
    ('ko_one_off', '테스트는 CI에서 실행합니다.', False),
    ('pt_constraint', 'Toda migração tem que ser reversível.', True),  # a modal: tem que, deve
    ('pt_constraint', 'Eu tive que reiniciar o servidor ontem.', False),
    ('es_constraint', 'Las migraciones tienen que ser reversibles.', True),  # tiene que, debe
    ('es_constraint', 'Tuve que reiniciar el servidor ayer.', False),
    ('pt_preference', 'Prefiro commits pequenos, uma mudança por commit.', True),
    ('pt_preference', 'Qual opção você quer?', False),
    ('es_preference', 'Prefiero los tests de integración a los unitarios.', True),
    ('es_preference', 'Él eligió otra opción ayer.', False),
    ('ja_preference', 'タブよりスペースの方がいいです。', True),
    ('ja_preference', 'スペースを確認しました。', False),
    ('ko_preference', '작은 PR을 선호합니다.', True),
    ('ko_preference', 'PR을 확인했습니다.', False),
    ('ja_convention', '今後、ログはすべて JSON で出力します。', True),  # 今後 with a comma
    ('ja_convention', '今日、ログを確認しました。', False),
    # a cause that came from somewhere, said in passing (conclusive: see CUES)
    ('pt_root_cause', 'O erro de login vinha de um cookie expirado no proxy.', True),
    ('es_root_cause', 'El fallo venía de una caché compartida entre workers.', True),
    # repiq, kept
    ('ja_root_cause', 'pre-commit の migration mode バグで exit code 1 が'
                      '返っているためです。', True),
    # decisions made in passing: what goes for good, what stays as it is
    ('pt_decision', 'O Resque sai de vez, fica só o Sidekiq.', True),
    ('es_decision', 'Redis queda descartado, usamos Postgres.', True),
    ('ja_decision', 'ログは標準出力のままでいきます。', True),
    ('ja_decision', 'ログを標準出力に出しました。', False),
    # what the speaker does not want, a preference in the first person
    ('pt_preference', 'Não quero dois bancos de dados no mesmo serviço.', True),
    ('es_preference', 'No quiero mocks en los tests de integración.', True),
    ('ja_preference', 'まだv1リリースしたくないんだけど', True),  # repiq, kept
    # how things are kept, as English "Timestamps are stored in UTC" (passive_norm)
    ('pt_convention', 'Os valores são armazenados em centavos, nunca em float.', True),
    ('pt_convention', 'Os valores foram corrigidos ontem.', False),
    ('es_convention', 'Las fechas se guardan en UTC en la base.', True),
    ('ja_convention', '日時は UTC で保存します。', True),
    ('ko_convention', '시간은 UTC로 저장합니다.', True),
    # English around it: whole words only
    ('pt_constraint', 'There are no uses of sempreviva here.', False),
    ('es_decision', 'The decidimosaurus is a fake word.', False),
]


@pytest.mark.parametrize(('name', 'sentence', 'caught'), FAMILIES,
                         ids=[f'{n}-{c}' for n, _, c in FAMILIES])
def test_each_language_family_catches_its_example_and_not_its_look_alike(
        name: str, sentence: str, caught: bool) -> None:
    r = RULES[name]
    assert (gated(r, sentence.lower()) and fires(r, sentence)) == caught
    if caught and r.kind != 'noise':  # the word screen lets it through as well
        assert patterns.SIGNAL_RULES.index(r) in bits(sentence)


def bits(sentence: str) -> list[int]:
    from memory_gate.reading.screen import Screen
    mask = Screen(patterns.SIGNAL_RULES).rules(sentence.lower())
    return [i for i in range(len(patterns.SIGNAL_RULES)) if mask >> i & 1]


def test_every_language_has_its_six_families_each_tested_both_ways() -> None:
    for lang in languages.LANGUAGES:
        for kind in ('decision', 'constraint', 'convention', 'root_cause', 'preference', 'one_off'):
            name = f'{lang.code}_{kind}'
            assert RULES[name].kind == (kind if kind != 'one_off' else 'noise')
            assert {c for n, _, c in FAMILIES if n == name} == {True, False}, name


# (cue, sentence, shown)
CUES = [
    ('scope', 'Sempre rode os testes antes do merge.', True),
    ('scope', 'Siempre ejecuta las pruebas antes del merge.', True),
    ('scope', '毎回テストを実行してください。', True),
    ('scope', '항상 테스트를 실행하세요.', True),
    ('scope', 'Rode os testes antes do merge.', False),
    ('modal', 'Os testes devem passar antes do merge.', True),
    ('modal', 'Las migraciones deben ser reversibles.', True),
    ('modal', 'テストは通すべきです。', True),
    ('modal', '테스트는 통과해야 합니다.', True),
    ('modal', 'Os testes passaram ontem.', False),
    ('modal', 'Las migraciones fueron reversibles.', False),
    # stance: each language's preference words, first person by their form
    ('stance', 'Os commits, prefiro pequenos e com uma mudança só.', True),
    ('stance', 'Los logs prefiero que vayan en JSON.', True),
    ('stance', 'Ele preferiu outra opção ontem.', False),
    # conclusive: a cause stated as found, unless hedged
    ('conclusive', 'A lentidão vinha de um índice que faltava na tabela.', True),
    ('conclusive', 'Talvez a lentidão vinha de um índice que faltava.', False),
    ('conclusive', 'La causa raíz es que el worker reintenta sin clave de idempotencia.', True),
    ('conclusive', 'Quizás la causa raíz es el worker.', False),
    ('conclusive', '根本原因は、ワーカー間で共有された一時ディレクトリでした。', True),
    ('conclusive', 'キャッシュが古いためかもしれません。', False),
]


@pytest.mark.parametrize(('name', 'sentence', 'shown'), CUES, ids=[f'{n}-{s}' for n, s, _ in CUES])
def test_the_scope_and_modal_cues_read_each_language(name: str, sentence: str, shown: bool) -> None:
    pattern = next(c.pattern for c in cues.CUES if c.name == name)
    assert (re.search(pattern, sentence) is not None) == shown
    assert (name in evidence.phrases(sentence)) == shown  # the gate is sound


@pytest.mark.parametrize(('line', 'statement'), [
    ('Memória: o banco de staging é resetado toda noite.',
     'o banco de staging é resetado toda noite.'),
    ('Memoria: la base de staging se reinicia cada noche.',
     'la base de staging se reinicia cada noche.'),
    ('記憶：ステージングDBは毎晩リセットされる。', 'ステージングDBは毎晩リセットされる。'),
    ('기억: 스테이징 DB는 매일 밤 초기화된다.', '스테이징 DB는 매일 밤 초기화된다.'),
])
def test_a_marker_in_each_language_opens_a_line_for_memory(line: str, statement: str) -> None:
    assert line[placing.marker_end(line):] == statement
    assert run(('assistant', 'Listo.\n' + line))[0] == statement


@pytest.mark.parametrize('line', [
    'A memória do servidor acabou.', 'La memoria: se agotó ayer', '記憶が曖昧です。',
])
def test_a_marker_word_not_opening_the_line_with_a_colon_is_no_marker(line: str) -> None:
    assert placing.marker_end(line) == 0


@pytest.mark.parametrize('sentence', [
    'Nunca faça push direto na main.',
    'De ahora en adelante, las fechas van en UTC.',
    '今後はすべての日時を UTC で保存します。',
    '앞으로 모든 시간은 UTC로 저장합니다.',
])
def test_a_standing_rule_said_by_the_user_in_the_language_is_proposed(sentence: str) -> None:
    assert run(('user', sentence)) == [sentence]


def run(*turns: tuple[str, str]) -> list[str]:
    lines = [json.dumps({'role': r, 'text': t}, ensure_ascii=False).encode() + b'\n'
             for r, t in turns]
    return [p.text for p in build([Transcript('t.jsonl', lines)], Settings()).proposed]
