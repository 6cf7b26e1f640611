"""Credentials as data: what each detection layer of credentials.py looks for.

Vendor shapes follow public rule sets, one entry per kind: gitleaks' config/gitleaks.toml
(rule ids in brackets) and Yelp/detect-secrets' detect_secrets/plugins/*.py (plugin file).
Lengths are a little looser than theirs so a key cut or padded in prose is still caught.
Every example below is fake. Named groups: `value` is the part that is masked and allowed.
"""
from __future__ import annotations

# Layer 1, known shapes: (kind, hints, pattern); text holding none of the hints (as written) cannot match
# the pattern and is not searched (property-tested). Catch: the example; not: the near-miss.
SHAPE_RES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    # [aws-access-token], aws.py. Catch AKIAIOSFODNN7EXAMPLE; not AKIA-prefixed prose like AKIAS.
    ('AWS access key id', ('A3T', 'AKIA', 'ASIA', 'ABIA', 'ACCA', 'AGPA', 'AIDA', 'AROA', 'ANPA', 'ANVA', 'AIPA'),
     r'\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b'),
    # [github-pat, github-oauth, github-app-token, github-fine-grained-pat], gh.py. Catch ghp_ + 36; not ghp_ alone.
    ('GitHub token', ('ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'),
     r'\b(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_\w{40,255})'),
    # [gitlab-pat, gitlab-ptt, gitlab-deploy-token, gitlab-runner-...], gitlab_token.py. Catch glpat- + 20; not glpat-.
    ('GitLab token', ('gl', 'GR1348941'),
     r'\b(?:gl(?:pat|ptt|dt|rt|cbt|ft|imt|agent|oas|soat)-[\w-]{20,}|GR1348941[\w-]{20,})'),
    # [huggingface-access-token, huggingface-organization-api-token]. Catch hf_ + 34; not hf_hub_download.
    ('Hugging Face token', ('hf_', 'api_org_'),
     r'\b(?:hf_|api_org_)[A-Za-z0-9]{30,}\b'),
    # [npm-access-token], npm.py. Catch npm_ + 36; not npm_config_cache.
    ('npm token', ('npm_',),
     r'\bnpm_[A-Za-z0-9]{30,}\b'),
    # [pypi-upload-token], pypi_token.py: a macaroon that starts with base64("pypi.org"). Not pypi-publish.
    ('PyPI token', ('pypi-AgE',),
     r'\bpypi-AgE[\w-]{40,}'),
    # [slack-webhook-url]. Catch hooks.slack.com/services/T.../B.../...; not https://api.slack.com/messaging.
    ('Slack webhook URL', ('hooks.slack.com/',),
     r'\bhooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,}'),
    # [discord-webhook?], [microsoft-teams-webhook]. Catch discord.com/api/webhooks/123/<token>; not discord.com/invite.
    ('webhook URL', ('/api/webhooks/', 'webhook.office.com/', 'outlook.office.com/webhook'),
     r'\b(?:discord(?:app)?\.com/api/webhooks/\d+/[\w-]{30,}|[\w-]+\.webhook\.office\.com/webhookb2/\S{30,}'
     r'|outlook\.office\.com/webhook/\S{30,})'),
    # [slack-bot-token, slack-user-token, slack-app-token, ...], slack.py. Catch xoxb-12-34-abc; not xoxo.
    ('Slack token', ('xox', 'xapp-'),
     r'\b(?:xox[abposre]|xapp)-[0-9A-Za-z-]{15,}(?![0-9A-Za-z#*-])'),  # not masked: xoxp-1-###
    # [stripe-access-token], stripe.py. Catch sk_test_ + 24, rk_live_...; not pk_test_ (publishable by design).
    ('Stripe key', ('k_test_', 'k_live_', 'k_prod_', 'whsec_'),
     r'\b(?:[rs]k_(?:test|live|prod)_[0-9A-Za-z]{16,}|whsec_[A-Za-z0-9+/=]{24,})'),
    # [sendgrid-api-token], sendgrid.py. Catch SG. + 22 + . + 43; not SG.Hx (too short).
    ('SendGrid API key', ('SG.',),
     r'\bSG\.[\w-]{16,32}\.[\w-]{30,50}'),
    # [twilio-api-key], twilio.py. Catch SK + 32 hex, AC + 32 hex; not SKU or ACME.
    ('Twilio key', ('SK', 'AC'),
     r'\b(?:SK|AC)[0-9a-fA-F]{32}\b'),
    # [digitalocean-pat, -access-token, -refresh-token]. Catch dop_v1_ + 64 hex; not dop_v1_ alone.
    ('DigitalOcean token', ('_v1_',),
     r'\bdo[opr]_v1_[a-f0-9]{40,}'),
    # [databricks-api-token]. Catch dapi + 32 hex; not dapi_client.
    ('Databricks token', ('dapi',),
     r'\bdapi[a-f0-9]{32}(?:-\d)?\b'),
    # [shopify-access-token, -custom-access-token, -private-app-access-token, -shared-secret]. Not shpat_ alone.
    ('Shopify token', ('shp',),
     r'\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b'),
    # [vault-service-token, vault-batch-token], hashicorp_vault_token.py. Catch hvs. + 90; not hvs.example.
    ('Vault token', ('hvs.', 'hvb.', 'hvr.'),
     r'\bhv[sbr]\.[\w-]{24,}'),
    # [linear-api-key]. Catch lin_api_ + 40; not lin_api_docs.
    ('Linear API key', ('lin_',),
     r'\blin_(?:api|oauth)_[A-Za-z0-9]{32,}\b'),
    # [doppler-api-token]. Catch dp.pt. + 43, a service token after its config's name (dp.st.prd. + 40);
    # not dp.pt.example.
    ('Doppler token', ('dp.',),
     r'\bdp\.(?:pt|st|sa|ct|scim|audit)\.(?:[\w-]{1,40}\.)?[A-Za-z0-9]{30,}'),
    # Docker Hub's personal and organization access tokens. Catch dckr_pat_ + 27; not dckr_pat_ alone.
    ('Docker Hub token', ('dckr_pat_', 'dckr_oat_'),
     r'\bdckr_(?:pat|oat)_[\w-]{20,}'),
    # [telegram-bot-api-token], telegram_token.py. Catch 123456789:AA + 33; not 10:30 or 12:45:00.
    # It and Discord's begin with the character, then look behind for the word boundary (\b first
    # leaves re no first character to skip to, so it tried every position of nearly every text).
    ('Telegram bot token', (':',),
     r'\d(?<!\w\d)\d{7,9}:[\w-]{35}(?![\w-])'),
    # discord.py (bot token: id . timestamp . hmac). Catch M + 23 . 6 . 27; not Mr.Smith.
    ('Discord token', ('.',),
     r'[MNO](?<!\w[MNO])[\w-]{23,25}\.[\w-]{6}\.[\w-]{27,38}\b'),
    # azure_storage_key.py, [azure-ad-client-secret]. Catch AccountKey=<base64>; not AccountKey=; alone.
    ('Azure storage key', ('AccountKey', 'SharedAccessKey'),
     r'\b(?:AccountKey|SharedAccessKey)\s*=\s*(?P<value>[A-Za-z0-9+/]{20,}={0,2})'),
    ('Azure AD client secret', ('Q~',),
     r'(?<![\w~.-])[\w~.]{3}\dQ~[\w~.-]{31,34}(?![\w~.-])'),
    # [gcp-api-key]. Catch AIza + 35; not AIzaSy alone.
    ('Google API key', ('AIza',),
     r'\bAIza[\w-]{35}\b'),
    # [gcp-client-secret?]: GOCSPX- + 28; ya29. OAuth access tokens. Not GOCSPX alone.
    ('Google OAuth secret', ('GOCSPX-', 'ya29.'),
     r'\b(?:GOCSPX-[\w-]{24,}|ya29\.[\w-]{30,})'),
    # [anthropic-api-key, anthropic-admin-api-key]. Catch sk-ant-api03- + 93; not sk-ant-.
    ('Anthropic API key', ('sk-ant-',),
     r'\bsk-ant-[A-Za-z0-9_-]{20,}'),
    # [openai-api-key], openai.py. Catch sk-proj- + 40, sk- + 48 (a digit somewhere); not sk-learn or sk-some-words,
    # nor an Anthropic key (sk-ant-: its own shape, or the engine's where it runs).
    ('OpenAI API key', ('sk-',),
     r'\bsk-(?!ant-)(?=[\w-]*\d)(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}'),
    # [groq-api-key?], [xai?], [perplexity?]: other AI vendors' prefixes. Catch gsk_ + 52; not gsk_ alone.
    ('AI API key', ('gsk_', 'xai-', 'pplx-', 'r8_', 'lsv2_', 'pcsk_'),
     r'\b(?:gsk_[A-Za-z0-9]{40,}|xai-[A-Za-z0-9]{60,}|pplx-[A-Za-z0-9]{40,}|r8_[A-Za-z0-9]{30,}'
     r'|lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}|pcsk_[\w-]{40,})\b'),
    # [private-key], private_key.py. Catch -----BEGIN RSA PRIVATE KEY-----; not -----BEGIN PUBLIC KEY-----.
    # A header with no body (-----BEGIN ...----------END ...-----, or an ellipsis after it) is no key.
    ('private key', ('PRIVATE KEY', 'PuTTY-User-Key-File-'),
     r'-----BEGIN[A-Z ]{0,30} PRIVATE KEY(?: BLOCK)?-----(?!\s*(?:-----END|\.\.\.|\u2026))|\bPuTTY-User-Key-File-\d'),
    # [jwt], jwt.py. Catch eyJ... . eyJ... . sig; not eyJ alone.
    ('JWT', ('eyJ',),
     r'\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}'),
    # [mailchimp-api-key], mailchimp.py: 32 hex + -us + datacenter. Not a bare hex SHA.
    ('Mailchimp API key', ('-us',),
     r'\b[0-9a-f]{32}-us\d{1,2}\b'),
    # [mailgun-private-api-token]. Catch key- + 32 hex; not key-value.
    ('Mailgun API key', ('key-',),
     r'\bkey-[0-9a-f]{32}\b'),
    # [square-access-token], square_oauth.py. Catch sq0atp- + 22; not sq0.
    ('Square token', ('sq0',),
     r'\bsq0(?:atp|csp)-[\w-]{22,}'),
    # [grafana-cloud-api-token, grafana-service-account-token], grafana.py. Catch glc_ + 32; not glc_ alone.
    ('Grafana token', ('glc_', 'glsa_'),
     r'\b(?:glc_[A-Za-z0-9+/]{32,}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})'),
    # [sentry-org-token, sentry-user-token]. Catch sntryu_ + 64 hex; not sntry.
    ('Sentry token', ('sntrys_', 'sntryu_'),
     r'\b(?:sntrys_eyJ[\w=+/-]{50,}|sntryu_[a-f0-9]{64})'),
    # [planetscale-api-token, -password, -oauth-token]. Catch pscale_tkn_ + 43; not pscale_cli.
    ('PlanetScale token', ('pscale_',),
     r'\bpscale_(?:tkn|pw|oauth)_[\w.=-]{32,}'),
    # [postman-api-token]. Catch PMAK- + 24 hex - 34 hex; not PMAK-1.
    ('Postman API key', ('PMAK-',),
     r'\bPMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}\b'),
    # [age-secret-key]. Catch AGE-SECRET-KEY-1 + 58 bech32; not age-keygen.
    ('age secret key', ('AGE-SECRET-KEY-1',),
     r'\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}'),
    # [alibaba-access-key-id]. Catch LTAI + 20; not LTAIL.
    ('Alibaba access key id', ('LTAI',),
     r'\bLTAI[A-Za-z0-9]{20}\b'),
    # [atlassian-api-token], [artifactory-api-key]. Catch ATATT3 + 186, AKCp + 69; not ATATT alone.
    ('Atlassian or Artifactory token', ('ATATT3', 'AKCp'),
     r'\b(?:ATATT3[\w=-]{60,}|AKCp[A-Za-z0-9]{60,})'),
    # [new-relic-user-api-key], [supabase?], [netlify?], [fly-io-access-token], [pulumi-api-token].
    # [heroku-api-key-v2], [mapbox-api-token], [twitter-bearer-token]: HRKU-AA + 58, sk.eyJ..., A*22 + 80.
    ('platform API key', ('NRAK-', 'sbp_', 'nfp_', 'fo1_', 'pul-', 'HRKU-', 'sk.eyJ', 'A' * 22),
     r'\b(?:NRAK-[A-Z0-9]{27}|sbp_[a-f0-9]{40}|nfp_[A-Za-z0-9]{36}|fo1_[\w-]{43}|pul-[a-f0-9]{40}|HRKU-AA[\w-]{58}'
     r'|sk\.eyJ[\w-]{50,}\.[\w-]{20,}|(?<![A-Za-z0-9+/=])A{22}(?!A)(?=[A-Za-z0-9]{0,60}%)[A-Za-z0-9%]{80,})'),
)
# The Discord token from its first dot on (no needle names it: the scan opens a window there): the
# bytes prefilter (needles.UNNAMED_BYTES), the string search (spans.unnamed_tail) and the quick check
# (candidates.SHAPES) all take it from here.
DISCORD_TAIL = r'\.[\w-]{6}\.[\w-]{27}'
# Every shape but these needs a run of MIN_RUN characters without a space (property-tested).
MIN_RUN = 20
SPACED_SHAPE_RES = tuple(shape for shape in SHAPE_RES if shape[0] == 'private key')
# The vendors whose shapes the compiled engine (engine.py) owns where it runs: its rule for the same
# vendor finds their realistic values and knows their published examples and placeholders, where ours
# flagged them (gitleaks' false examples, python -m benchmarks.conformance: Firebase's example keys,
# sk-ant- keys with a wrong suffix, xoxp-###, a JWT inside a Basic header). The scan keeps every other
# shape beside the engine: the engine misses those on their own (an AWS key id without its secret key
# within five lines, a Discord token without a word, Azure's Q~ secrets in prose).
# A line the engine reads: one with a run of 12 characters that are no space, quote, backslash or JSON
# punctuation (every value it reports has one: d2LkV78zLx!t, a key); a short chat (role names, short words)
# has none and never loads it.
ENGINE_RUN_RE = rb'[^\s"\'\\,:;{}\[\]()<>]{12}'
ENGINE_OWNED_KINDS = ('Google API key', 'Anthropic API key', 'Slack token', 'JWT')
BESIDE_ENGINE_SHAPE_RES = tuple(shape for shape in SHAPE_RES if shape[0] not in ENGINE_OWNED_KINDS)

# Words that name a password (passwords.py): text holding none of them, lowercased, is not searched by that layer.
PASSWORD_HINTS = ('pass', 'pwd', 'pin', 'contrase', 'senha', 'kennwort', 'パスワード', '暗証', '비밀번호', '密码', '口令',
                  'wachtwoord', 'hasło', 'haslo', 'şifre', 'sifre', 'parola', 'пароль')

# Punctuation that ends a word in prose; a value never ends with it (the layers cut it off or never take it).
TRAILING = '.,;:!?)"\'\u201d'

# Layer 2, context: a value after a word that names a secret. The value is ASCII without spaces,
# quotes or brackets, so a placeholder like <token>, {{ secret }} or ${VAR} never is one.
VALUE = r'["\'`\u201c]?(?P<value>[!#-&*+\--:?-Z\\^_a-z|~]+)'
# Bare "pass" only as DB_PASS, pass= or a camelCase name's last word assigned (dbPass=, userPass:,
# after an acronym SMTPPass=): not PASS: TestName, passed: true, --pass: #16a34a, bypass=,
# renderPass.begin().
SECRET_WORDS = (r'pass(?:word|wd|phrase)|(?<=[_-])pass\b|\bpass(?==)|(?-i:(?:(?<=[a-z0-9])|(?<=[A-Z]{2}))Pass)(?=\s*[:=])|pwd|secret|token|api[_ -]?key|apikey|access[_ -]?key|private[_ -]?key'
                r'|credentials?|creds|auth(?!or)')
# An assignment, env export or config line. Catch export PAYMENTS_API_TOKEN=9f8e..., aws_secret_access_key = ...;
# not max_tokens: 4096 (no letter) or secret_name: prod-db (plain words: see is_credible).
# A YAML anchor or tag before the value is no part of it (password: &db_pass Xk29..., key: !!str ...);
# NAME -> value is a mapping as notes and logs write it.
ASSIGN_RE = (rf'(?i)(?P<word>{SECRET_WORDS}|(?<=[_-])key(?![a-z]))[\w.-]{{0,40}}["\']?[ \t]*(?::=|=>|->|[:=])[ \t]*'
             rf'(?:[&!][\w!-]*[ \t]+)?{VALUE}')
# A markdown table row whose cell names a secret and whose next cell holds it: | staging | password | Xk29... |
TABLE_RE = rf'(?im)^[ \t]*\|(?:[^|\n]*\|)*?[^|\n]*?(?P<word>{SECRET_WORDS})[^|\n]*\|[ \t]*`?{VALUE}'
# An element named for a secret: <password>Xk29...</password>, <db:apiKey type="x">...</db:apiKey>.
ELEMENT_RE = rf'(?i)<[\w:.-]*?(?P<word>{SECRET_WORDS})[\w:.-]*(?:\s[^<>]*)?>\s*{VALUE}(?=\s*</)'
# Prose. Catch "the admin password for staging is Pr0d-2024!"; not "the token is rotated monthly".
PROSE_RE = (rf'(?i)\b(?P<word>{SECRET_WORDS})s?\b(?:\s+(?:for|of|on|in|at)\b(?:\s+[\w.-]+){{1,4}}?)?'
            rf'\s*(?:\s(?:is|was|are|remains|stays|should be|must be|will be|is set to|set to|to)\s|是|为)\s*{VALUE}')
# Chinese. Catch 测试库密码是 Abc12345, 令牌：9f8e7d6c5b; not 密码必须定期更换.
ZH_RE = (r'(?P<word>密码|口令|密钥|秘钥|私钥|令牌|凭证|凭据)[^\s，。；：:=、！？,.;]{0,6}?[ \t]*'
         r'(?:是|为|為|：|:|=|用|设为|改为|设置为|[ \t])[ \t]*' + VALUE)
# An empty value at a line's end (API_KEY=, password:, --token, Authorization: Bearer) is no value: no
# link takes the next line (but a sentence's "is" may wrap).
# Flags. Catch mysql -pS3cret99, --password=Pr0d!pass, curl -u admin:Adm1n-99; not mkdir -p src/app2 (a path).
FLAG_RE = (r'(?i)(?<!\S)(?:--(?P<word>password|passwd|pass|token|api-key|secret|auth-token|access-key)[= ][ \t]*'
           r'|-p\s?|(?:-u|--user)[= ][ \t]*["\']?[^\s:"\'@]+:)' + VALUE)
# Authorization headers. Catch Authorization: Basic dXNlcjpw..., Bearer abc123def456; not "basic usage".
HEADER_RE = (r'(?i)\b(?:authorization[ \t]*[:=][ \t]*["\']?(?:(?:bearer|basic|token|digest)[ \t]+)?'
             r'|(?:bearer|basic)[ \t]+)' + VALUE)
# Each context pattern with the hints (in lowercased text) it cannot match without.
WORD_HINTS = ('pass', 'pwd', 'secret', 'token', 'key', 'cred', 'auth')
# The words a JSON key names a secret by (spans.names_secret: "dbPwd", "adminKennwort", "密码"):
# these and the password words of other languages; not 'pin', inside too many names of no secret
# (typingDelay, shippingZone, spinner).
KEY_HINTS = (*WORD_HINTS, *(word for word in PASSWORD_HINTS if word not in WORD_HINTS and word != 'pin'))
CONTEXT_RES: tuple[tuple[tuple[str, ...], str], ...] = (
    (WORD_HINTS, ASSIGN_RE), (WORD_HINTS, PROSE_RE), (WORD_HINTS, TABLE_RE), (WORD_HINTS, ELEMENT_RE), (('密码', '口令', '密钥', '秘钥', '私钥', '令牌', '凭证', '凭据'), ZH_RE),
    (('-p', '-u', '--'), FLAG_RE),
)
HEADER_HINTS = ('authorization', 'bearer', 'basic')
# The words (lowercased) every match of a context pattern begins with: the pattern is tried only
# where one of them does (anchored.py). Every alternative of SECRET_WORDS, and ASSIGN_RE's "key",
# begins with one of SECRET_WORD_STARTS; a flag with a dash.
SECRET_WORD_STARTS = ('pass', 'pwd', 'secret', 'token', 'api', 'access', 'private', 'cred',
                      'auth', 'key')
STARTS: dict[str, tuple[str, ...]] = {
    ASSIGN_RE: SECRET_WORD_STARTS, PROSE_RE: SECRET_WORD_STARTS, FLAG_RE: ('-',),
    HEADER_RE: HEADER_HINTS,
}

# Layer 3, addresses. User-info in a URL or DSN. Catch postgres://app:S3cret@db, redis://:pass@cache,
# app:pw@tcp(db:3306)/x; not https://example.com/a:b, git@github.com:org/repo or debian:bookworm@sha256:<digest>.
URL_USERINFO_RE = r'(?i)\b[a-z][a-z0-9+.-]*://[^\s:/@?#"\',]*:(?P<value>[^\s/@?#"\',]+)@'
DSN_RE = r'(?<![\w/:])[\w.-]{1,64}:(?P<value>[^\s:@/()]{1,128})@(?!sha\d*:)(?:(?:tcp|unix|udp)\(|[\w.-]+:\d{2,5}\b)'
# Secret-bearing query or connection-string parameters. Catch ?sig=Ab3..., ;password=Pr0d99; not ?page=2.
QUERY_RE = (r'(?i)[?&;](?:password|passwd|pwd|pass|token|access_token|refresh_token|auth_token|id_token|auth|'
            r'api_key|apikey|key|sig|signature|secret|client_secret|x-amz-signature|x-amz-security-token)'
            r'=(?P<value>[^&;#\s"\'<>]+)')
USERINFO_RES: tuple[tuple[tuple[str, ...], str], ...] = ((('://',), URL_USERINFO_RE), (('@',), DSN_RE))
QUERY_HINTS = ('=',)

# Layer 4, randomness: a long run of token characters. Catch Xk9pQ2mZ7vR4tL8wB3nC6yD; not a path or identifier.
TOKEN_RE = r'[A-Za-z0-9+/_.-]{20,}={0,2}'  # 20: MIN_RUN
MIN_ENTROPY = 3.6  # bits per character; random base62 of 20+ characters is above 4, English words below 3.5

# Near-misses. A placeholder: ${VAR}, $VAR, %VAR%, <token>, {{ x }}, xxxx, ****, ####, ..., your-token-here, changeme,
# a run of the alphabet (sk_abcdefghijklmnopqrstuvwxyz123), a group of digits three times (xoxp-1234-1234-1234-...),
# sixteen of one digit or small letter
# (glc_111111111111111111=; not Twitter's AAAAAAAAAAAAAAAAAAAAAA... prefix).
PLACEHOLDER_RE = (
    r'(?i)^(?:[$%][\w{}]+%?|\$\{?[a-z_]\w*\}?[/.:\\-]\S*|.*(?:x{4}|\*{3}|\#{4}|abcdefghij|(?-i:(?P<run>[0-9a-z])(?P=run){15})|(?P<group>\d{4})[-_.](?P=group)[-_.](?P=group)|\.\.\.|\u2026|<|>|\$\{|\{\{).*|(?:your|my|some)[-_]\S*|\S*[-_]here'
    r'|change[-_]?(?:me|it)|redacted|placeholder|example|dummy|sample|fake|todo|tbd|none|null|nil|true|false|value'
    r'|password|passwd|secret|token|api[-_]?key|(?P<one>.)(?P=one)*)$'
)
HEX_RE = r'(?i)(?:0x|sha\d*[:-])?[0-9a-f]{7,}'  # git SHAs and digests; a UUID is hex with dashes
UUID_RE = r'(?i)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
VERSION_RE = r'(?i)v?\d+(?:\.\d+)+[a-z0-9]*(?:[-+.][a-z0-9]+)*'  # 1.2.3, v2.0.1-rc.1, 3.11.4+build7
# A path: rooted, relative, or slash-separated lowercase segments or a file name (src/app/main.py, ~/.ssh/config).
PATH_RE = r'(?:~|\.{1,2})?/\S*|[\w.-]+(?:/[\w.-]+)*\.[A-Za-z]{1,5}|[a-z0-9_.-]+(?:/[a-z0-9_.-]+)+'
# An identifier: words in camelCase, PascalCase, snake_case, kebab-case or dotted (handleLogin2, getHTTPResponse,
# x86_64-unknown-linux-gnu, HttpClientV2RetryPolicy, ENABLE_NEW_CHECKOUT_FLOW_V2: a capital before a number is a
# hump too); each hump a word, an acronym or a number, at most two numbers a part (is_identifier).
# Every run is taken whole (the lookaheads), so a token splits one way only and a failed match is linear.
_ACRONYM = r'[A-Z]{2,}(?:(?![A-Za-z])|(?=[A-Z][a-z]))'
_PART = (rf'(?:(?:[a-z]+|[A-Z][a-z]+)(?![a-z])|{_ACRONYM}|[A-Z]?\d+(?!\d))'
         rf'(?:[A-Z][a-z]+(?![a-z])|{_ACRONYM}|[A-Z]?\d+(?!\d)|(?<=\d)[a-z]+(?![a-z]))*')
IDENTIFIER_RE = rf'{_PART}(?:[._/-]+{_PART})*'
# Words as a person types a password, which is_name takes for an identifier: four or more digits
# that end capitalized words of three letters or more (BlueFox4242, Summer2024, GreenOwl7788) or
# two digits for letters in one word (s3cr3t, k3yb0ard). Not HttpClientV2RetryPolicy, user_id2,
# x86_64, v2beta1, utf8mb4, Iso8601Parser; nor names with a number: lowercase (regcred2024,
# db-creds2024, id_ed25519, id_ecdsa2048, cp1252, ubuntu2204, es2022), capitals (ISO8601,
# RFC3339) or a capital and one letter (Ed25519, X25519). So a lowercase word and a year after a
# general word (the wifi key is greenowl7788) reads as a name; after a password word it is still
# taken (passwords.credible asks no name).
TYPED_PASSWORD_RE = (r'(?<![A-Za-z])(?:[A-Z][a-z]+)*[A-Z][a-z]{2,}\d{4,}(?![A-Za-z\d])'
                     r'|[a-z]\d[a-z]+\d[a-z]')
# A name and its release (SalesResults-1.2, api-gateway_v2.0.1): a version, never a secret.
RELEASE_NAME_RE = r'[A-Za-z][A-Za-z_-]*[-_ ]v?\d+(?:\.\d+)+'
# A date or timestamp inside a token (2026-06-24, 2026-06-24T01-29-52Z, 20240115T103000): never random.
TIMESTAMP_RE = r'(?:19|20)\d\d-?[01]\d-?[0-3]\d(?:[T_ -]?[0-2]\d[:-]?[0-5]\d(?:[:-]?[0-5]\d(?:\.\d+)?)?Z?)?'
# Words joined by separators (prod-db, secret_name, os.environ): never a secret value on their own.
WORDS_RE = r'[A-Za-z]+(?:[._-][A-Za-z]+)*'

# The transcript scan (scan.py). A raw line is decoded and searched only when it holds one of these
# literal byte needles: secret words as code, env files and prose write them (each case written out),
# vendor prefixes, and '://' for a URL's user-info. A string of the line is searched when it holds one
# of them too, or when its key names a secret. Catch: GITHUB_TOKEN=ghp_..., "password": "...", a PEM
# block ("PRIVATE KEY"), postgres://app:pw@db; not: a line of code or prose that names none of them.
_WRITTEN_NEEDLES = (
    'ass', 'ASS', 'ecret', 'ECRET', 'oken', 'OKEN', 'key', 'Key', 'KEY', 'uth', 'UTH', 'cred', 'Cred', 'CRED',
    'pwd', 'PWD', 'PIN', 'sign', 'Sign', 'SIGN', 'hmac', 'HMAC', '://', '@', '-p', 'admin:', 'root:', 'user:',
    'login', 'Login', ':AA', '-us', 'k_live_', 'k_test_', 'k_prod_', 'gl', 'GR1348941', 'SK', 'AC',
    '密码', '口令', '密钥', '秘钥', '私钥', '令牌', '凭证', '凭据', 'パスワード', '暗証', '비밀번호', 'contrase', 'senha',
    # the codes of passwords.CODE_WORDS in camelCase (backupCode, recoveryCodes, alarmCode, doorCode,
    # accessCode), which no casing of CODE_LAYER_WORDS below writes
    'backup', 'Backup', 'BACKUP', 'ecovery', 'ECOVERY', 'larm', 'LARM', 'door', 'Door', 'ccessCode',
    # The vendor prefixes of layer 1, each shape's own hints but the broad ones (a '.', a ':', 'A' * 22).
    *sorted({hint for kind, hints, _ in SHAPE_RES for hint in hints if len(hint) >= 3 and hint != 'A' * 22}),
)
# The first words of passwords.CODE_WORDS (a code that opens an account or a door: 2FA backup code,
# recovery codes, Access Code, DOOR_CODE), each before code as spaced, snake or kebab case write it.
CODE_FIRST_WORDS = ('backup', 'recovery', 'access', 'alarm', 'door')
CODE_LAYER_WORDS = tuple(f'{word}{joint}code' for word in CODE_FIRST_WORDS for joint in ' _-')
# The words every passwords.PAIR_PROSE_RE match begins with (lowercased; anchored.py): LOGIN: admin /
# Tr0ub4dor88, the admin log-in is root / ...
PAIR_PROSE_STARTS = ('login', 'log-in', 'signin', 'sign-in', 'cred')
# The key and token words of passwords.FOREIGN_KEY_WORDS: la clave de la API, APIキー, トークン.
FOREIGN_KEY_HINTS = ('clave', 'キー', 'トークン', 'シークレット')
# The words each layer names a secret by (its hints, read case-blind) and the flags it takes a value
# after (FLAG_RE's '--' only before a word: --password, --token, --user), in each casing code, env
# files and prose write them (pwd, Pwd, PWD: "dbPwd", Kennwort, SENHA, Bearer, mysql -P; Access Code
# in title case), where no needle above is in the word already.
LAYER_WORDS = tuple(dict.fromkeys((
    *PASSWORD_HINTS, *HEADER_HINTS, *(word for hints, _ in CONTEXT_RES for word in hints if word != '--'),
    '--user', *CODE_LAYER_WORDS, *PAIR_PROSE_STARTS, *FOREIGN_KEY_HINTS)))
CASINGS = (str.lower, str.capitalize, str.upper, str.title)
TEXT_NEEDLES = (*_WRITTEN_NEEDLES, *(
    written for written in dict.fromkeys(casing(word) for word in LAYER_WORDS for casing in CASINGS)
    if not any(needle in written for needle in _WRITTEN_NEEDLES)))
# Each needle as bytes, and a needle past ASCII also as JSON escapes it (ensure_ascii writers: "\\u5bc6\\u7801").
BYTE_NEEDLES: tuple[tuple[str, bytes], ...] = tuple(
    (text, form) for text in TEXT_NEEDLES
    for form in dict.fromkeys((text.encode(), text.encode('ascii', 'backslashreplace').replace(b'\\x', b'\\u00')))
)
NEEDLES = tuple(form for _, form in BYTE_NEEDLES)
# Each needle's byte forms, and the needles in the order the scan tries them on a string: the ones most
# strings of real sessions' lines hold first (counted over ../shared/transcripts/real), so a string that
# holds one is told after a few tries. The order changes no answer, only how soon it comes.
NEEDLE_FORMS: dict[str, tuple[bytes, ...]] = {
    text: tuple(form for t, form in BYTE_NEEDLES if t == text) for text in TEXT_NEEDLES
}
_COMMONEST = ('ass', 'oken', '-p', '@', 'gl', '://', 'sign', 'uth', 'key', 'AC', '-us', 'SK', 'Key', 'ecret')
NEEDLE_ORDER = (*_COMMONEST, *(text for text in dict.fromkeys(TEXT_NEEDLES) if text not in _COMMONEST))
# Fields whose values are opaque by design and never a secret a person could leak: Claude Code's thinking
# `signature`, Codex's `encrypted_content`, ids, and integrity hashes. They are never searched.
OPAQUE_KEYS = frozenset((
    'signature', 'encrypted_content', 'id', 'uuid', 'parentUuid', 'leafUuid', 'sessionId', 'session_id',
    'requestId', 'messageId', 'tool_use_id', 'toolUseID', 'call_id', 'turn_id', 'parentId', 'promptId',
    'integrity', 'checksum', 'sha', 'sha256', 'hash', 'digest',
))
# A name that holds a secret word but names no secret, just before its value: an id or a name (credentialsId,
# kms_key_id, LLM_SECRET_NAME, tokenIds) or what is public by design or no credential (public_key, publicToken,
# NEXT_PUBLIC_API_KEY, STRIPE_PUBLISHABLE_KEY, csrf-token, xsrfToken). Catch those; not api_key, SECRET_KEY_BASE,
# password, secretValid, csrf_secret.
_ASSIGNED = r'["\']?[ \t]*(?::=|=>|->|[:=>])[ \t]*["\']?$'  # > ends an element's name: <UserSecretsId>
NOT_SECRET_NAME_RE = (rf'(?:(?<=[a-z0-9])(?:Id|ID|Name)|[_-](?:id|Id|ID|name|Name|NAME))[sS]?{_ASSIGNED}'
                      rf'|(?i:(?<![a-z])(?:public|publishable)[\w.-]*|(?<![a-z])[cx]srf[_-]?token){_ASSIGNED}')
# A type or class name, as code annotates a field with it (privateKey: Uint8Array, tokenProvider:
# CMSTokenProvider?, authToken: AuthTokenV2Response;): two or more humps, each a word of three letters or more,
# an acronym or a number, ending in a word. Not Pl4Kx9Qw2Zm, XkLmQpTrWz (humps too short), BlueFox4242 (a year).
TYPE_NAME_RE = r'(?=(?:.*[A-Z]){2})(?:[A-Z]{2,}(?=[A-Z][a-z])|[A-Z][a-z]{2,}|[A-Z]?\d+)+(?<=[a-z]{3})[?!]?'
# A hex literal of 32 bits or fewer is a code, a register or a flag (alarmCode: 0x0042, firstPass:
# 0x1E01); a longer one may be a key (a WEP key 0x1A2B3C4D5E, an Ethereum key 0x + 64 hex).
HEX_LITERAL_RE = r'0x[0-9A-Fa-f]{1,8}'
# In tool output (code, logs) a value after a secret word is code more often than a secret: one with these
# is never taken (spans.plausible). Catch: planResponse.usage?.input_tokens, oauth::get_token, "Bearer " + t, f(x);
# not: Pa(ss)=w0rd9, hunter2Xy9.
CODE_VALUE_RE = (r'[\[\]{}<>;,]|\($|\)$|\(\)|\?\.|::|->|=>|&&|\|\||^[:=+&*\\]|\+$|\.\w+\.'
                 rf'|^{HEX_LITERAL_RE}$'
                 r'|^\d+[:-]'  # a grep hit's line number: src/tokens.rs:183:...
                 r'|^#[0-9a-fA-F]{3,8}$'  # a colour: --pass: #16a34a
                 r'|^[a-z][a-z0-9+.-]*:\S'  # a scheme or a registry: github:org/repo, urn:ietf:params:oauth
                 r'|^(?:19|20)\d\d-[01]\d-[0-3]\d'  # a date or a timestamp
                 r'|@\d'  # a package at a version: node@20
                 r'|^[a-z_]\w*\.(?:[A-Z][a-z]+){2,}$'  # a package's exported name: oauth2.AuthStyleInParams
                 r'|\$[{(A-Za-z_]'  # a shell expansion: releases/$VERSION
                 r'|^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$'  # a constant or an env-var name: ASN1_ITEM
                 # a snake_case name: stack_st_ASN1_OBJECT, get_user_ById2Fast; not a token whose
                 # last part is 8+ letters and three runs of digits, more numbers than a name's part
                 # has (values.is_identifier): meshfake_tok_7Qx93LpZ0aa1
                 r'|^(?!\w*_(?=(?:[A-Za-z]*\d+[A-Za-z]+){2}[A-Za-z]*\d)[A-Za-z0-9]{8,}$)'
                 r'[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+){2,}$'
                 r'|^(?i:abc123|123abc|12345)')  # a sequence, as test data
# A word and a number, as test data in code (token: refresh1); but on an env line that names a
# secret it is the secret (REDIS_TOKEN=MangoTree88: spans.plausible asks ENV_SECRET_RE first).
TEST_DATA_RE = r'^[A-Za-z]{1,8}[-_]?\d{1,3}$'
# A test or dev value that says so, or a default every tutorial uses: never a leak (DB_PASSWORD=postgres,
# secret_key_base: "test-only-...", SECRET=dev-only-do-not-use-in-production-4f9a). Not a dev key that
# says nothing of it (API_KEY=dev_Kq7Vx2Nm9Ld4Wt5).
SAYS_TEST_RE = (r'(?i)(?:^|[-_.])(?:(?:test|tests|testing|dev|development|local|ci)[-_.]only|for[-_.]testing'
                r'|do[-_.]?not[-_.]use|dont[-_.]use|not[-_.]for[-_.]prod\w*|insecure|not[-_.](?:a[-_.])?(?:real|secret))'
                r'(?:[-_.]|$)|^(?:postgres|mysql|mariadb|root|admin|guest|password|secret|test|dev|local)$')
# A secret a name sets, anywhere on a line: a PIN in groups after it is the secret
# (set SERVICE_SECRET=4829-1375), not a grep hit's line number; not TOKEN_RANGE=1024-4096.
ENV_NAME_RE = r'[A-Z][A-Z0-9_]*(?:PASSWORD|PASSWD|PWD|SECRET|TOKEN|KEY)=["\']?$'
# An env-file line that names a secret: after it, even a value of letters is the secret (ADMIN_PASSWORD=letmein);
# not the same words in code (VIEW_MODE_KEY = "kimi-view-mode", "AZD_AUTH_KEY=playback-test-key").
ENV_SECRET_RE = r'(?:^|\n)[ \t]*(?:export[ \t]+)?' + ENV_NAME_RE
# A password a name sets, anywhere on a line: ADMIN_PASSWORD=letmein.
ENV_PASSWORD_RE = r'[A-Z][A-Z0-9_]*(?:PASSWORD|PASSWD|PWD)=["\']?$'
# A JSON string literal as written (the unrolled loop: linear, no backtracking).
JSON_STRING_RE = r'"[^"\\]*(?:\\.[^"\\]*)*"'
# The end of a PEM private key block: a private key is redacted from its header to here.
PEM_END_RE = r'-----END[A-Z ]{0,30} PRIVATE KEY(?: BLOCK)?-----'
# Characters that do not show and split a value in two (soft hyphen, zero-width space and joiners, BOM, word joiner).
INVISIBLE_RE = '[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]'
