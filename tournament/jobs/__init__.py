"""Background jobs: files that take seconds to make (a long printout, the tournament archive) are
made by a worker, off the request, and kept in Django's default storage so that any web process
can serve them.

Vocabulary
----------
job         a `tournament.models.Job`: one file someone asked for, with its state, progress and,
            once made, its file.
kind        what makes the file: ``printout`` (`tournament.printing.background`) or ``archive``
            (`tournament.exports.background`). The package that owns a kind owns its task,
            its maker and its pages; this package only keeps the jobs.
parameters  what the file is made from (the printout, its round, table and half, whether the
            asker is an official, the hands withheld from them...), as JSON. The *key* is a
            digest of the kind and the parameters.
version     the tournament's ``last_write`` when the job was asked for. The same key at the
            same version is the same job (`job_request`): twenty clicks make one file. A
            later write *supersedes* the job; the next ask makes a new one. Officials' jobs
            and the archive follow the version.
released    a public printout's job follows what the public may see instead (`Job.released`:
            a digest of the released content the printout is made from, `tournament.printing`),
            not every write: a judge's save that changes nothing public makes no new job
            (`public_job_request`).
stale       while a public printout's new job is made, a visitor is given the last file made
            of the same parameters (its page says when it was made), not a wait.
public bound
            a public job is queued only while fewer than `PUBLIC_PENDING_PER_ADDRESS` public
            jobs asked from the same address (`Job.asked_from`) and fewer than
            `PUBLIC_PENDING_PER_TOURNAMENT` of the tournament are queued or running; past it
            the visitor gets the last file made, or is asked to try again in a minute.
priority    the queue's order: the officials' jobs and the archive at `OFFICIAL_PRIORITY`,
            the public's at `PUBLIC_PRIORITY` (the task framework's priority, where the
            backend orders by it: the database queue does), so an organiser's archive is the
            next job a worker takes however many public printouts wait.
state       ``queued`` (waiting for a worker), ``running``, ``done`` (the file is there) or
            ``failed`` (``error`` says why, in words the asker can act on; *Try again* queues
            the same job again, `job_retry`).
progress    0-100 with a short *step* ("Laying out pages 3 of 13"), written by the worker as it
            goes and read by the job's page every second.
maker       the kind's function that makes the file: ``make(job, report) -> JobFile``, where
            ``report(percent, step)`` records progress; it raises `JobError` with a reason the
            person can act on. `job_run` is what a kind's task calls: it claims the job, runs
            the maker, saves the file and marks the job done or failed.
task        the kind's function registered with Django's task framework (the django-tasks
            backport; ``settings.TASKS``): it receives the job's id and calls `job_run`.
fresh       a done job younger than `services.asking.FRESH_SECONDS` is given again as it is; an
            older one at the same version is made again on the same row (marks such as
            "provisional until 14:05" change with the clock, not with a write).
heartbeat   while a worker makes a job, a thread of its own writes the job's ``updated_at``
            every `services.worker.HEARTBEAT_SECONDS` (5 s), as progress reports do.
lost        a running job without news (heartbeat or progress) for `services.lost.LOST_SECONDS`
            (30 s): its worker was killed or restarted. It is noticed by whoever looks next
            (its page, polled every second; an ask for the same file; *Try again*; the
            prune) and marked failed with *Try again* (`job_lost_notice`); *Try again* and an
            official's ask queue it again.
stuck       a queued job without news for `services.pruning.STUCK_SECONDS`: no worker is running.
            `jobs_prune` marks it failed, so that it can be tried again.
prune       `jobs_prune` (the worker now and then, and ``manage.py prune_jobs``): marks lost
            and stuck jobs failed, deletes the files and rows of jobs finished more than a
            day ago, or superseded an hour ago (a public printout: by a newer file made of
            the same parameters), and files no job names any more.

The files are never published as media URLs: each kind's pages serve them through a view that
checks who may have them, as the immediate download does.
"""
