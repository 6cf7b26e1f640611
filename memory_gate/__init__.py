"""memory-gate: propose durable knowledge from agent transcripts as a reviewable diff to a memory file."""
