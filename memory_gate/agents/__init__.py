"""The agents' side: where each agent keeps its sessions, copying them into the repository
scrubbed of credentials, and what a session did since the ask.

Does: the agents' stores and this checkout's sessions in them (`stores`, `checkpoints` for
Entire), the copies in the transcripts folder (`copies`: extend, redact, never overwrite a
diverged copy), and counting a session's prompts and tool calls (`session_work`) for
`agent-hook stop`.
Takes: paths and Settings. Gives: the copies made and what each did. Prints nothing.
May import: base, text, formats, secrets, reading (records.Settings).
Public: copies, session_work, stores, checkpoints.
"""
