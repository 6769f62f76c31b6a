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
            later write *supersedes* the job; the next ask makes a new one.
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
fresh       a done job younger than `services.FRESH_SECONDS` is given again as it is; an older
            one at the same version is made again on the same row (marks such as "provisional
            until 14:05" change with the clock, not with a write).
stuck       a queued or running job without news for `services.STUCK_SECONDS`: its worker
            died. `jobs_prune` marks it failed, so that it can be tried again.
prune       `jobs_prune` (the worker now and then, and ``manage.py prune_jobs``): deletes the
            files and rows of jobs finished more than a day ago, or superseded an hour ago,
            and files no job names any more.

The files are never published as media URLs: each kind's pages serve them through a view that
checks who may have them, as the immediate download does.
"""
