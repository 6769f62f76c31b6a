"""Writes of the background jobs (vocabulary: see `tournament.jobs`). None of these is a public
write: a job changes nothing anyone sees of the tournament, and it must not move
``last_write``, which is its own version. One module per side:

- `asking`: ask for a file (an official's at the tournament's version, a visitor's from what
  the public may see, within the public bound), try a failed one again, hand it to the queue;
- `lost`: a running job whose worker is gone, noticed and marked failed;
- `worker`: the worker's side: claim a job, run its maker, save the file, mark it done or
  failed, with a heartbeat while it runs;
- `pruning`: mark stuck jobs failed, delete old jobs and files no job names.
"""
