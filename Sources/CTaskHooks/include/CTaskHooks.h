#ifndef BINDSCRIPT_CTASKHOOKS_H
#define BINDSCRIPT_CTASKHOOKS_H

// The module's umbrella header: BindRuntime's per-thread delivery depth too.
#include "BindDeliveryDepth.h"

/// Receives a job the Swift concurrency runtime was about to hand to the
/// global executor (`isMainExecutor` 0) or to the main actor's (1).
typedef void (*bindscript_job_sink)(void *_Nonnull job, int isMainExecutor);

/// Routes every job bound for the global or the main executor to `sink`,
/// through the runtime's enqueue hooks (the technique of
/// swift-concurrency-extras' `withMainSerialExecutor`). Returns 0 when
/// another hook is already installed, which is left alone.
int bindscript_capture_jobs(bindscript_job_sink _Nonnull sink);

/// Hands `job` to the executor it was headed for when it was captured.
void bindscript_enqueue_original(void *_Nonnull job, int isMainExecutor);

/// Whether `job` is a task (the job a task is enqueued as), rather than
/// another kind of job: the kind is the low byte of the job's flags, after
/// its heap object header and two words private to executors
/// (swift/ABI/Task.h, `Job`); a task's is 0.
int bindscript_job_is_task(void *_Nonnull job);

/// Retains or releases a task (a Swift heap object), so that its address
/// is not reused while a scheduler remembers it.
void bindscript_retain_task(void *_Nonnull task);
void bindscript_release_task(void *_Nonnull task);

/// Whether the caller's retain of `task` is the only one left: the task has
/// ended and nothing else refers to it.
int bindscript_task_is_only_retained_here(void *_Nonnull task);

/// How many strong references `object` (a Swift heap object) has: read
/// without taking one, so the answer counts only the others.
long bindscript_strong_count(void *_Nonnull object);

/// Whether the calling code runs on the main dispatch queue, where
/// main-actor jobs run (on Linux not always the main thread: a process in
/// `dispatch_main` drains it on a worker).
int bindscript_is_on_main_queue(void);

/// The scheduler running a job on the calling thread (an unretained
/// pointer), or NULL: what a job's enqueue is routed to when the runtime has
/// already cleared the thread's current task (a task hopping executors).
void *_Nullable bindscript_running_scheduler(void);
void bindscript_set_running_scheduler(void *_Nullable scheduler);

/// Whether blocks (main-actor jobs among them) wait on the main dispatch
/// queue: 1 when some do, 0 when none does, -1 when this cannot be told.
///
/// It reads the queue's tail pointer, whose place in libdispatch's private
/// queue layout is checked once, by enqueueing a no-op block and finding it
/// there (else the answer is always -1). A block the queue's drainer has
/// already taken in a batch is not seen, so only the caller's own blocks,
/// enqueued before it asks, are certain to be.
int bindscript_main_queue_pending(void);

/// Whether the calling thread is the process's main thread.
int bindscript_is_main_thread(void);

/// On the main thread, runs the blocks waiting on the main dispatch queue
/// (main-actor jobs among them), as a run loop would; elsewhere, nothing.
/// Returns whether it ran (whether this is the main thread).
int bindscript_drain_main_queue(void);

#endif
