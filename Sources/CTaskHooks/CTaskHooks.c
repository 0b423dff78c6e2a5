#include "CTaskHooks.h"
#include <stddef.h>
#include <stdint.h>
#if defined(__linux__)
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>
#elif defined(__APPLE__)
#include <pthread.h>
#endif

// The runtime declares its hooks with the Swift calling convention
// (swift/Runtime/Concurrency.h); they MUST be declared the same way here.
typedef void (__attribute__((swiftcall)) *EnqueueOriginal)(void *job);
typedef void (__attribute__((swiftcall)) *EnqueueHook)(void *job, EnqueueOriginal original);

extern EnqueueHook swift_task_enqueueGlobal_hook;
extern EnqueueHook swift_task_enqueueMainExecutor_hook;

static bindscript_job_sink currentSink;
// The runtime's own enqueue functions, passed to every hook call; kept so
// that jobs can be handed back when capturing ends.
static EnqueueOriginal originalGlobal;
static EnqueueOriginal originalMain;

static void __attribute__((swiftcall)) globalHook(void *job, EnqueueOriginal original) {
  originalGlobal = original;
  currentSink(job, 0);
}

static void __attribute__((swiftcall)) mainHook(void *job, EnqueueOriginal original) {
  originalMain = original;
  currentSink(job, 1);
}

int bindscript_capture_jobs(bindscript_job_sink sink) {
  if ((swift_task_enqueueGlobal_hook != NULL && swift_task_enqueueGlobal_hook != globalHook) ||
      (swift_task_enqueueMainExecutor_hook != NULL && swift_task_enqueueMainExecutor_hook != mainHook)) {
    return 0;
  }
  currentSink = sink;
  swift_task_enqueueGlobal_hook = globalHook;
  swift_task_enqueueMainExecutor_hook = mainHook;
  return 1;
}

void bindscript_enqueue_original(void *job, int isMainExecutor) {
  // Every captured job came through a hook call, which recorded the original.
  (isMainExecutor ? originalMain : originalGlobal)(job);
}

// libdispatch's entry for run loops: drains the main queue (declared in its
// private headers, exported on every platform).
extern void _dispatch_main_queue_callback_4CF(void *msg);

#if defined(__linux__)
// Whether this thread is the main one: -1 until asked. Asking is two system
// calls, and the scheduler asks after every timer it fires (to drain the
// main queue), so each thread asks once. A child of `fork` runs on the one
// thread that forked, now its main thread, so it forgets the answer.
static _Thread_local signed char threadIsMain = -1;
static pthread_once_t forkHandlerOnce = PTHREAD_ONCE_INIT;

static void forgetThreadIsMain(void) { threadIsMain = -1; }
static void installForkHandler(void) { pthread_atfork(NULL, NULL, forgetThreadIsMain); }
#endif

int bindscript_is_main_thread(void) {
#if defined(__linux__)
  if (threadIsMain < 0) {
    pthread_once(&forkHandlerOnce, installForkHandler);
    threadIsMain = syscall(SYS_gettid) == getpid();
  }
  return threadIsMain;
#elif defined(__APPLE__)
  return pthread_main_np();
#else
  return 0;
#endif
}

int bindscript_drain_main_queue(void) {
  if (!bindscript_is_main_thread()) return 0;
  _dispatch_main_queue_callback_4CF(NULL);
  return 1;
}

extern void *swift_retain(void *object);
extern void swift_release(void *object);

int bindscript_job_is_task(void *job) {
  const uint32_t *flags = (const uint32_t *)((const char *)job + 4 * sizeof(void *));
  return (*flags & 0xFF) == 0;
}

void bindscript_retain_task(void *task) { swift_retain(task); }
void bindscript_release_task(void *task) { swift_release(task); }

extern size_t swift_retainCount(void *object);

int bindscript_task_is_only_retained_here(void *task) { return swift_retainCount(task) == 1; }

long bindscript_strong_count(void *object) { return (long)swift_retainCount(object); }

// libdispatch's main queue and its queue-specific data, declared here
// rather than through <dispatch/dispatch.h>, which is not on the C include
// path of a Swift package on Linux.
extern char _dispatch_main_q;
extern void dispatch_queue_set_specific(void *queue, const void *key, void *context, void (*destructor)(void *));
extern void *dispatch_get_specific(const void *key);

static char mainQueueKey;
static pthread_once_t mainQueueMarked = PTHREAD_ONCE_INIT;

static void markMainQueue(void) {
  dispatch_queue_set_specific(&_dispatch_main_q, &mainQueueKey, &mainQueueKey, NULL);
}

int bindscript_is_on_main_queue(void) {
  pthread_once(&mainQueueMarked, markMainQueue);
  return dispatch_get_specific(&mainQueueKey) == &mainQueueKey;
}

static _Thread_local void *runningScheduler;

void *bindscript_running_scheduler(void) { return runningScheduler; }
void bindscript_set_running_scheduler(void *scheduler) { runningScheduler = scheduler; }

// The main queue's tail: the last block enqueued, NULL when none waits.
// Its offset in `struct dispatch_queue_s` (swift-corelibs-libdispatch's
// queue_internal.h) and those of a continuation's function and context
// (`struct dispatch_continuation_s`) are private, so they are checked
// before use (see `checkMainQueueLayout`).
enum { mainQueueTailWord = 6, continuationFunctionWord = 4, continuationContextWord = 5 };
extern void dispatch_async_f(void *queue, void *context, void (*work)(void *));
static pthread_once_t mainQueueLayoutOnce = PTHREAD_ONCE_INIT;
static int mainQueueLayoutKnown;
static char layoutProbeContext;

static void layoutProbe(void *context) { (void)context; }

static void *volatile *mainQueueTail(void) {
  return (void *volatile *)&_dispatch_main_q + mainQueueTailWord;
}

static void checkMainQueueLayout(void) {
  dispatch_async_f(&_dispatch_main_q, &layoutProbeContext, layoutProbe);
  void **tail = (void **)*mainQueueTail();
  mainQueueLayoutKnown = tail != NULL && tail[continuationFunctionWord] == (void *)layoutProbe &&
                         tail[continuationContextWord] == &layoutProbeContext;
}

int bindscript_main_queue_pending(void) {
#if defined(__linux__) && defined(__LP64__)
  pthread_once(&mainQueueLayoutOnce, checkMainQueueLayout);
  if (!mainQueueLayoutKnown) return -1;
  return *mainQueueTail() != NULL;
#else
  return -1;
#endif
}
