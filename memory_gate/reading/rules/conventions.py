"""Signal rules in English for how things are done here: conventions, norms, scopes, habits,
what a rule cites, what should or has to be. Each says what it must catch and what it must not."""
from __future__ import annotations

from memory_gate.reading.rules.lasting import CITES_RULE, CITES_RULE_WORDS
from memory_gate.reading.rules.rule import (
    CLAUSE_NOW,
    NOW,
    PASSIVE,
    SUBJECT,
    SUBJECT_WORDS,
    Rule,
    rule,
)

CONVENTIONS: tuple[Rule, ...] = (
    # convention: "From now on, squash merges only." / not: "From the logs, it failed."
    rule('going_forward', 'convention', (
        r'\b(?:going forward|from now on|from here on(?: out)?|henceforth|moving forward'
        r'|for all (?:new|future)|in (?:the )?future)\b'
    ), triggers=(
        'forward', 'from now on', 'from here on', 'henceforth', 'for all ', 'future',
    )),
    # convention: "Our convention is kebab-case file names." / not: "conventional" (whole word only)
    rule('convention', 'convention', (
        r'\b(?:are|is) (?:always )?(?:an? )?(?:integers?|strings?|uuids?|ulids?|floats?'
        r'|decimals?|timestamps?|enums?|booleans?|utc|iso ?8601|lowercase'
        r'|uppercase)\b(?! (?:here|now)\b)'
        r'|\b(?:are|is) (?:always )?(?:named|prefixed|suffixed|spelled'
        '|called (?=[`\\\'"]))(?! (?:from|by|in|on|after|before|when|with)\\b) ?[\\w`\\\'".-]+'
        r'|\bour (?:[\w-]+ )?(?:policy|standard|approach|default|process|strategy|practice'
        r'|workflow) (?:is|are)\b'
        r'|\b(?:conventions?|rules?|by convention|style guide|naming scheme|snake_case'
        r'|camelCase|kebab-case|PascalCase)\b'
    ), triggers=(
        'integer', 'string', 'uuid', 'ulid', 'float', 'decimal', 'timestamp', 'enum', 'boolean',
        'utc', 'iso', 'lowercase', 'uppercase', 'named', 'called', 'prefixed', 'suffixed',
        'spelled', 'policy', 'standard', 'approach', 'default', 'process', 'strategy',
        'practice', 'workflow', 'convention', 'rule', 'style guide', 'naming scheme',
        'snake_case', 'camelcase', 'kebab-case', 'pascalcase',
    )),
    # convention: "Timestamps are stored in UTC." "Passwords are hashed with argon2id." / not: "It
    # is located in src." "The build is fixed now."
    rule('passive_norm', 'convention', PASSIVE + (
        r'(?: [\w-]+){0,3}? (?:in|as|with|using|by|under|through|via|from|at|to|on|into|per'
        r'|once|only|before|after|between|exactly|for|within|behind|inside|across|during'
        r'|until)\b'
    ), unless=NOW, triggers=(
        'are ', 'get', 'is always', 'is never', 'is only', 'is automatically', 'is usually',
        'is strictly', 'is stored', 'is kept', 'is managed', 'is versioned', 'is pinned',
        'is encrypted', 'is hashed', 'is generated', 'is deployed', 'is hosted', 'is enforced',
        'is tracked', 'is formatted', 'is named', 'is locked', 'is backed',
    )),
    # convention: "Lockfiles are committed." / not: "The tests are fixed." (one thing in view) or
    # "Tests are passing." (not passive)
    rule('passive_short', 'convention', SUBJECT + (
        r'are (?:always |never |all )?[a-z]+(?:ed|en)[.!]?$'
    ), unless=NOW, triggers='are '),
    # convention: "We use orjson for serialization everywhere." "Dataclasses are frozen by default
    # in this codebase." / not: "Search the logs across all hosts." (one task)
    rule('scope', 'convention', (
        r'\b(?:everywhere|for everything|for anything|across the board|by default'
        r'|in this (?:codebase|repo|repository|project|team)|in (?:all'
        r'|every) (?:[\w-]+ )?(?:code|files?|modules?|services?|environments?|repos?'
        r'|branch(?:es)?)|in new code|last resort|source of truth|(?:on|for|after|before'
        r'|with) (?:every|each) (?!time\b|one\b)\w+)\b'
    ), unless=NOW + (
        r'|\bi\b'
        r"|\b(?:we will|we\'ll|kept|was|were|had)\b"
    ), min_length=12, triggers=(
        'every', 'anything', 'across the board', 'by default', 'in this ', 'in all ',
        'in new code', 'last resort', 'source of truth', 'each',
    )),
    # convention: "All migrations go in db/migrations." "Every alert links to a runbook." / not:
    # "All done." "Each worker now gets a DB."
    rule('universal', 'convention', (
        r'^(?:all|every|each|any|no) (?!time\b|one of\b|done\b|good\b'
        r'|set\b)[\w.-]+(?: [\w.-]+){0,3} \w+'
        r'|^(?:nobody|no one|none of us)\b'
    ), unless=NOW + (
        r'|^all of (?:this|that|these|those|it|them)\b'
        r'|\b(?:has|have|had) (?:\w+ )?(?:been|\w+ed|done|seen|made|gone|run)\b'
        r'|\b(?:was|were|did)\b'
    ), triggers=(
        '^all ', '^every ', '^each ', '^any ', '^no ', '^nobody', '^none of us',
    )),
    # convention: "Components live in src/components." "Tags follow semver." / not: "It goes to the
    # log." (pronoun subject)
    rule('habitual', 'convention', (
        r'^(?![^\n]*(?-i:[\u3040-\u30ff\u4e00-\u9fff]))'
    ) + SUBJECT + (
        r'(?:use|uses|follow|follows|go|goes|live|lives|belong|belongs|happen|happens|ship'
        r'|ships|link|links|mirror|mirrors|sit|sits|expire|expires|page|pages|allow|allows'
        r'|point|points|target|targets|run|runs|include|includes|come|comes|fire|fires|trigger'
        r'|triggers|block|blocks|fail|fails|map|maps)\b'
    ), unless=NOW, triggers=(
        ' map', ' block', ' fail', ' come', ' fire', ' trigger', ' use', ' follow', ' go',
        ' live', ' belong', ' happen', ' ship', ' link', ' mirror', ' sit', ' expire', ' page',
        ' allow', ' point', ' target', ' run', ' include',
    )),
    # convention: "The release checklist lives in RELEASING.md." / not: "It lives in my head."
    # (pronoun subject)
    rule('lives_in', 'convention', (
        r"^(?!(?:it|this|that|he|she|they|i|you|my|your)\b)[\w'`./ -]{3,60}? (?:lives?"
        r'|belongs?|is kept|are kept) (?:in|under|inside|at|on)\b'
    ), unless=NOW, triggers=' live| belong| kept'),
    # convention: "We squash-merge feature branches." "We target Python 3.9." / not: "We found the
    # bug."
    rule('we_habit', 'convention', (
        r"\bwe (?:don\'t|do not|no longer|won\'t) (?:support|use|allow|accept|ship|deploy|run"
        r'|merge)\b'
        r'|^we (?:always |usually |only |never )?(?:use|squash-merge|squash|rebase|deploy'
        r'|release|ship|target|keep|tag|follow|review|pin|vendor|host|publish|support|version'
        r'|lint|format|enforce)\b'
    ), unless=NOW, triggers='we '),
    # convention: "Use UTC for all timestamps." "Pin SDK versions exactly." "Use freezegun for
    # anything that reads the clock." / not: "Use the helper from the last commit." (no scope)
    rule('imperative_scope', 'convention', (
        r'^(?:please )?(?:use|prefer|name|prefix|put|store|write|keep|pin|tag|format|treat'
        r'|wrap|validate|log|lock|document|mark) \b.*\b(?:all|every|each|any|anything'
        r'|everything|new|exactly|whenever|everywhere|throughout|across)\b'
    ), triggers=(
        '^use ', '^prefer ', '^name ', '^prefix ', '^put ', '^store ', '^write ', '^keep ',
        '^pin ', '^tag ', '^format ', '^treat ', '^wrap ', '^validate ', '^log ', '^lock ',
        '^document ', '^mark ', '^please ',
    )),
    # convention: "Per the repo rules, packages are rebuilt before CLI tests." "The linter requires
    # exhaustive switch
    # cases." / not: "The official docs recommend it." (not the project's own rule; see
    # cues.CITES_RULE_RE)
    rule('cites_rule', 'convention', CITES_RULE, triggers=CITES_RULE_WORDS),
    # constraint: "Migrations should be reversible." "New endpoints shouldn't return HTML." (a rule with
    # a generic subject) / not: "You should run the migration." (a person: "I should", "we should"
    # too), "The build should pass now." (an expectation of the moment)
    rule('should', 'constraint', (
        SUBJECT_WORDS + r"should(?:n't|n’t|nt| not)? "
        r'(?!(?:be )?(?:fine|ok|okay|good|enough|done|ready|possible|able|working)\b'
        r'|work\b|pass\b|help\b|fix\b)\w+'
    ), unless=NOW, triggers='should'),
    # constraint: "review agent also needs to validate it works e2e" (agentv, the user: kept), "The
    # worker has to run on py3.8." (the rule above, said with has to / needs to: a generic subject,
    # then the verb) / not: "You have to run the migration." (a person), "This needs to
    # pass now." (the moment), "The build needs to pass." (an expectation of the moment)
    rule('has_to', 'constraint', (
        SUBJECT_WORDS + r'(?:has|have|needs?) to '
        r'(?!(?:be )?(?:fine|ok|okay|good|enough|done|ready|possible|able|working)\b'
        r'|work\b|pass\b|help\b|fix\b|check\b|see\b|know\b|look\b)\w+'
    ), unless=CLAUSE_NOW, triggers=('has to', 'have to', 'need to', 'needs to')),
)
