"""Verification as background jobs, so that saving an article never waits for replays.

Two kinds of job (rows of `VerificationJob`, scenarios/verification/job_models.py):

- **re-verification after an edit** (`edits.reverify_later`): a save that changes parameters
  writes a job row naming the scenarios whose replays read them, in the save's own
  transaction. A worker replays them and records their verdicts, the verification run, the
  quiz questions rebuilt from them and the job's end in ONE transaction: a job that dies
  leaves the previous verdicts whole, and its retry starts again from the first scenario.
- **the impact of a draft** (`drafts.draft_impact`): what the editor confirms before saving
  ("this edit makes 12 scenarios fail"). It is keyed by everything it is computed from (the
  article, the format's parameters now and in the draft, the draft's anchors, the latest
  verification run, the engine), so the Preview that starts it and the Save that reads it
  find the same job, and a save whose impact is not known yet waits for it as a state of the
  form ("Checking which scenarios this edit changes…") instead of replaying in the request.
  A draft that changes no parameter replays nothing: its impact is read from the recorded
  verdicts (and the anchors it removes).

Where jobs run (`backends`, chosen by settings.JOBS_MODE): on an rq queue in Redis, worked by
`manage.py rqworker verification` (rq retries a job whose worker died once its heartbeat
lapses); in a thread of the web process when no Redis is configured (the embedded default:
the request answers at once and nothing else has to run); or in the caller at once ("sync",
the tests). The queue carries only the row's id; the row says how far the job got.
"""
