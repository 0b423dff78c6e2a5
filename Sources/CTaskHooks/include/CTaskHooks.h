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

/// Removes the hooks `bindscript_capture_jobs` installed.
void bindscript_release_jobs(void);

/// Hands `job` to the executor it was headed for when it was captured.
void bindscript_enqueue_original(void *_Nonnull job, int isMainExecutor);

/// Whether the calling thread is the process's main thread.
int bindscript_is_main_thread(void);

/// On the main thread, runs the blocks waiting on the main dispatch queue
/// (main-actor jobs among them), as a run loop would; elsewhere, nothing.
/// Returns whether it ran (whether this is the main thread).
int bindscript_drain_main_queue(void);

#endif
