/*
** The crash formats as data: one PCRE2 pattern table per format, the
** signal words, and the built-in frame-ignore table.
*/
#include <string.h>

#include "parse.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Symbolised native frame tails: " (module+0xoff)" or " file:line:col". */
#define MODOFF "\\((?<module>[^()\\s]+?)\\+0x(?<off>[0-9a-fA-F]+)\\)"
#define FILELINE "(?<file>[^\\s()]+?):(?<line>\\d+)(?::\\d+)?"
/* A file the symbolizer knows no line of: "in main /b/src/k.cpp". */
#define FILEONLY "(?<file>[^\\s()]*/[^\\s()]+)"
#define BUILDID "(?:\\s+\\(BuildId: [0-9a-fA-F]+\\))?\\s*$"

/* AddressSanitizer, LeakSanitizer, UBSan, MSan, TSan reports. */
static const tri_pattern sanitizer[] = {
	/* An abort the sanitizer caught (handle_abort=1): the assertion or
	** exception line printed before it says more, so it wins. */
	{R_EVENT, "Sanitizer: ABRT", "asan:", 3, 0,
	 "^==\\d+==\\s*ERROR: AddressSanitizer: (?<kind>ABRT)"},
	{R_EVENT, "Sanitizer: ABRT", "ubsan:", 3, 0,
	 "^==\\d+==\\s*ERROR: UndefinedBehaviorSanitizer: (?<kind>ABRT)"},
	{R_EVENT, "AddressSanitizer", "asan:", 1, 0,
	 "^==\\d+==\\s*ERROR: AddressSanitizer: (?:attempting )?(?<kind>[A-Za-z][\\w-]*)"},
	{R_EVENT, "LeakSanitizer", "lsan:leak", 1, 0,
	 "^==\\d+==\\s*ERROR: LeakSanitizer: detected memory leaks"},
	{R_EVENT, "UndefinedBehaviorSanitizer", "ubsan:", 1, 0,
	 "^==\\d+==\\s*ERROR: UndefinedBehaviorSanitizer: (?<kind>[A-Za-z][\\w-]*)"},
	{R_EVENT, "MemorySanitizer", "msan:", 1, 0,
	 "^==\\d+==\\s*(?:ERROR|WARNING): MemorySanitizer: (?<kind>[A-Za-z][\\w-]*)"},
	{R_EVENT, "ThreadSanitizer", "tsan:", 1, 0,
	 "^WARNING: ThreadSanitizer: (?<kind>[A-Za-z][\\w -]*?)\\s*(?:\\(|$)"},
	{R_EVENT, "runtime error:", "ubsan", 1, 0,
	 "^(?<file>[^\\s:]+):(?<line>\\d+):\\d+: runtime error: (?<msg>.+)$"},
	{R_DETAIL, "of size", NULL, 0, 0,
	 "^(?<msg>READ|WRITE) of size \\d+"},
	{R_DETAIL, "memory access", NULL, 0, 0,
	 "^==\\d+==The signal is caused by a (?<msg>\\w+) memory access"},
	/* The stack object a bad access hit, as the compiler described it
	** in the program (stripped or not): its name, and the line of its
	** declaration where the build kept it. Clang renames an inlined
	** copy ("a.i.i"). */
	{R_DETAIL, "<== Memory access", NULL, 0, 0,
	 "^\\s+\\[\\d+, \\d+\\) '(?<func>[A-Za-z_]\\w*)[^']*' \\(line (?<line>\\d+)\\) <== Memory access"},
	{R_DETAIL, "leak of", NULL, 0, 0,
	 "^(?<msg>Direct|Indirect) leak of \\d+"},
	{R_FRAME, "#", NULL, 0, 0,
	 "^\\s+#(?<idx>\\d+)\\s+0x(?<addr>[0-9a-fA-F]+)\\s+in\\s+(?<func>.+?)"
	 "(?:\\s+" MODOFF "|\\s+" FILELINE "|\\s+" FILEONLY ")?" BUILDID},
	{R_FRAME, "#", NULL, 0, 0,
	 "^\\s+#(?<idx>\\d+)\\s+0x(?<addr>[0-9a-fA-F]+)\\s+" MODOFF BUILDID},
	/* a report's last line, its head cut from the paste */
	{R_EVENT, "==ABORTING", "sanitizer-abort", 5, 0, "^==\\d+==ABORTING"},
	/* its summary line, which a paste may keep alone: the kind, and the
	** function and file of the crash */
	{R_EVENT, "SUMMARY: AddressSanitizer: ", "asan:", 4, TRI_SITE,
	 "^SUMMARY: AddressSanitizer: (?<kind>[A-Za-z][\\w-]*) (?:" FILELINE "|\\S+)"
	 "(?: in (?<func>.+?))?\\s*$"},
};

/* Android's debuggerd, in logcat (its prefix cut: see parse.c) and in a
** tombstone: "Fatal signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault
** addr 0x70 in tid 21022 (Dispatch), pid 20921 (app)", the tombstone's
** "signal 11 (SIGSEGV), code 1 ...", an abort's "Abort message: 'msg'"
** and frames "#01 pc 00000000001e0454  /data/app/base.apk!libx.so
** (offset 0x1000) (f(int)+24) (BuildId: 1f2e)". Ahead of gdb, whose
** frame pattern would take those. */
static const tri_pattern android[] = {
	{R_SIGNAL, "Fatal signal ", NULL, 3, TRI_WORDS,
	 "(?:^|\\s)Fatal signal \\d+ \\((?<sig>SIG[A-Z]+)\\)"},
	{R_SIGNAL, "signal ", NULL, 3, TRI_WORDS,
	 "^\\s*signal \\d+ \\((?<sig>SIG[A-Z]+)\\), code -?\\d+"},
	{R_EVENT, "Abort message: '", "android-abort", 2, 0,
	 "^\\s*Abort message: '(?<msg>.*?)'?\\s*$"},
	{R_FRAME, " pc ", NULL, 0, 0,
	 "^\\s*#(?<idx>\\d+) pc (?<off>[0-9a-fA-F]+)\\s+(?<module>[^\\s(]+)"
	 "(?: \\(offset 0x[0-9a-fA-F]+\\))?(?: \\((?<func>[^\\s(].*?)(?:\\+\\d+)?\\))?" BUILDID},
};

/* Dart's VM: its frames, "#3      BinaryBuilder.readUint32
** (package:kernel/binary/ast_from_binary.dart:124:13)", which gdb's
** pattern would take; package:stack_trace's terse ones, "package:x/
** y.dart 2528     HOneShotInterceptor.accept" and "dart:core  List.[]";
** and the VM's own check, "../../runtime/vm/object.cc: 2660: error:
** msg", with its "pc 0x.. fp 0x.. sp 0x.. [Optimized] name" frames. */
static const tri_pattern dart_vm[] = {
	{R_FRAME, "dart", NULL, 0, 0,
	 "^#(?<idx>\\d+)\\s+(?<func>[^\\s(].*?) \\((?<file>(?:dart|package|file|org-dartlang-[\\w-]+):"
	 "[^()\\s]*?)(?::(?<line>\\d+)(?::\\d+)?)?\\)\\s*$"},
	{R_FRAME, "dart", NULL, 0, 0,
	 "^(?<file>dart:[\\w-]+(?:/\\S+)?|(?:package:|file://)?\\S+?\\.dart)(?: (?<line>\\d+)(?::\\d+)?)?"
	 " {2,}(?<func>[^\\s(]\\S*(?: \\S+)*?)\\s*$"},
	{R_EVENT, "runtime/", "dart-vm", 2, TRI_PLACE,
	 "(?:^|\\s)(?<file>\\S*runtime/(?:vm|bin|platform|lib)/\\S+\\.(?:cc|h)): (?<line>\\d+): error: (?<msg>.*?)\\s*$"},
	{R_FRAME, " fp 0x", NULL, 0, 0,
	 "^\\s*pc 0x(?<addr>[0-9a-fA-F]+) fp 0x[0-9a-fA-F]+ (?:sp 0x[0-9a-fA-F]+ )?"
	 "(?:(?<module>[^\\s\\[]+)\\+0x(?<off>[0-9a-fA-F]+)|\\[\\w+\\] (?<func>\\S.*?))\\s*$"},
};

/* gdb: "Program received signal", `bt` frames. */
static const tri_pattern gdb[] = {
	{R_SIGNAL, "signal", NULL, 3, 0,
	 "^Program (?:received|terminated with) signal (?<sig>SIG[A-Z0-9]+)"},
	{R_SIGNAL, "received signal", NULL, 3, 0,
	 "^Thread \\d+ \"[^\"]*\" received signal (?<sig>SIG[A-Z0-9]+)"},
	/* older gdb: "Program terminated with signal 11, Segmentation fault." */
	{R_SIGNAL, "signal", NULL, 3, 0,
	 "^Program (?:received|terminated with) signal \\d+, (?<sig>[A-Z][\\w /]*?)\\.?\\s*$"},
	/* libbacktrace's as Fluent Bit prints it: "#0  0x55c1b3c80542
	** in  mk_list_del() at lib/mk_list.h:93", after "[engine] caught
	** signal (SIGSEGV)" */
	{R_SIGNAL, "caught signal (", NULL, 3, 0,
	 "\\] caught signal \\((?<sig>SIG[A-Z]+)\\)"},
	{R_FRAME, ") at ", NULL, 0, 0,
	 "^#(?<idx>\\d+)\\s+0x(?<addr>[0-9a-fA-F]+)\\s+in\\s+(?:\\?\\?\\?|(?<func>[^\\s(]+))\\(.*\\)"
	 "\\s+at\\s+(?:\\?\\?\\?:0|(?<file>[^\\s:]+):(?<line>\\d+))\\s*$"},
	{R_FRAME, "signal handler called", NULL, 0, 0,
	 "^#(?<idx>\\d+)\\s+(?<func><signal handler called>)"},
	{R_FRAME, "#", NULL, 0, 0,
	 "^#(?<idx>\\d+)\\s+(?:0x(?<addr>[0-9a-fA-F]+) in )?(?!0x)(?<func>\\S.*?) \\(.*\\)"
	 "(?: at (?<file>\\S+):(?<line>\\d+)| from (?<module>\\S+))?\\s*$"},
};

/* lldb: "stop reason = signal SIGSEGV", `bt` frames. */
static const tri_pattern lldb[] = {
	{R_SIGNAL, "stop reason", NULL, 3, 0,
	 "stop reason = (?:signal )?(?<sig>SIG[A-Z0-9]+|EXC_[A-Z_]+)"},
	{R_FRAME, "frame #", NULL, 0, 0,
	 "^[\\s*]*frame #(?<idx>\\d+): 0x(?<addr>[0-9a-fA-F]+) (?<module>[^\\s`]+)`(?<func>.+?)"
	 "(?: at (?<file>[^\\s:]+):(?<line>\\d+)(?::\\d+)?| \\+ \\d+)?\\s*$"},
};

/* LLVM/MLIR: PrintStackTrace with and without symbols, fatal errors. */
static const tri_pattern llvm[] = {
	{R_EVENT, "LLVM ERROR", "llvm-error", 2, 0, "LLVM ERROR: (?<msg>.*?)\\s*$"},
	/* The same fatal error as a Windows linker prints it ("LINK : LLVM
	** error : Cannot select: ...") */
	{R_EVENT, "LLVM error :", "llvm-error", 2, 0, "LLVM error : (?<msg>.*?)\\s*$"},
	/* ... and as clang prints it ("fatal error: error in backend:
	** Cannot select: ..."), where llc says "LLVM ERROR:" */
	{R_EVENT, "error in backend: ", "llvm-error", 2, 0,
	 "(?:^|\\s)(?:fatal )?error: error in backend: (?<msg>.*?)\\s*$"},
	/* A pass that failed (no crash): MLIR's diagnostic names it. Every
	** bug of that pass says the same. */
	{R_EVENT, "Pipeline failed while executing", "mlir-pass-failure", 6, 0,
	 "Pipeline failed while executing \\[`(?<msg>[^`]+)` on"},
	{R_EVENT, "UNREACHABLE", "unreachable", 2, 0,
	 "UNREACHABLE executed(?: at (?<file>\\S+?):(?<line>\\d+))?"},
	{R_STACK, "Stack dump", "crash", 3, 0, "^\\s*Stack dump:"},
	/* the verifier's word on a front end's broken module */
	{R_EVENT, "Module validation failed: ", "llvm-verify", 2, TRI_ALONE,
	 "^Module validation failed: (?<msg>.*?)\\s*$"},
	{R_FRAME, "0x", NULL, 0, 0,
	 "^\\s*(?<idx>\\d+)\\s+(?<module>\\S+)\\s+0x(?<addr>[0-9a-fA-F]+)"
	 "(?:\\s+(?<func>.+?)\\s+\\+\\s+\\d+)?\\s*$"},
	{R_FRAME, "#", NULL, 0, 0,
	 "^\\s*#(?<idx>\\d+)\\s+0x(?<addr>[0-9a-fA-F]+)\\s+(?:" MODOFF "|(?<func>.+?)"
	 "(?:\\s+" MODOFF "|\\s+" FILELINE "|\\s+" FILEONLY ")?)\\s*$"},
	/* Windows: "0 0x00007ff7 name (C:\\bin\\tool.exe+0x1b0)", the name the
	** nearest export's, or none */
	{R_FRAME, "+0x", NULL, 0, 0,
	 "^\\s*(?<idx>\\d+)\\s+0x(?<addr>[0-9a-fA-F]+)\\s+(?:(?<func>[^\\s()][^()]*?)\\s+)?"
	 "\\((?<module>[^()]+?)\\+0x(?<off>[0-9a-fA-F]+)\\)\\s*$"},
};

/* GPU kernels' own reports: a CUDA device-side assertion
** ("f.h:208: void ldsm(...) [with T = int]: block: [0,9,0], thread:
** [102,0,0] Assertion `0 && x` failed.", once per thread), and ROCm's
** "Memory access fault by GPU node-3 (Agent handle: 0x3c7610) on
** address 0x1555. Reason: Page not present": it says nothing of which
** kernel, as CUDA's illegal access does not (see sig.c). */
static const tri_pattern gpu[] = {
	{R_EVENT, "], thread: [", "assert", 2, 0,
	 "(?:^|\\s)(?<file>[^\\s:]+):(?<line>\\d+): (?<func>.+?): block: \\[[\\d,]+\\], "
	 "thread: \\[[\\d,]+\\] Assertion [`'](?<msg>.*)[`'] failed"},
	{R_EVENT, "Memory access fault by GPU", "gpu-fault", 2, 0,
	 "(?<msg>Memory access fault by GPU) node-\\d+"},
};

/* glibc and libstdc++: assert (also behind a runner's prefix), stack
** protector, heap checks, terminate. */
static const tri_pattern glibc[] = {
	{R_EVENT, "Assertion", "assert", 2, 0,
	 "(?:^|\\s)(?<file>[^\\s:]+):(?<line>\\d+): (?<func>.+?): Assertion [`'](?<msg>.*)' failed"},
	/* the same with the condition's quotes turned double by a paste */
	{R_EVENT, "Assertion \"", "assert", 2, 0,
	 "(?:^|\\s)(?<file>[^\\s:]+):(?<line>\\d+): (?<func>.+?): Assertion \"(?<msg>.*)\" failed"},
	/* the same line cut where the log ends (a paste's window closed
	** in the middle of its condition): what is left of the condition */
	{R_EVENT, "Assertion", "assert", 2, TRI_LAST,
	 "(?:^|\\s)(?<file>[^\\s:]+):(?<line>\\d+): (?<func>.+?): Assertion [`'](?<msg>.*?)\\s*$"},
	/* BSD and macOS libc: "Assertion failed: (cond), function f, file
	** f.c, line 3." */
	{R_EVENT, "Assertion failed: (", "assert", 2, 0,
	 "Assertion failed: \\((?<msg>.*)\\), function (?<func>[^,]+), "
	 "file (?<file>[^,]+), line (?<line>\\d+)"},
	/* Microsoft's C runtime: "Assertion failed: cond, file f.c, line 3" */
	{R_EVENT, "Assertion failed: ", "assert", 2, 0,
	 "Assertion failed: (?<msg>.*), file (?<file>.+?), line (?<line>\\d+)\\s*$"},
	/* The Windows C runtimes' dialog, copied: "Assertion failed!",
	** "Program: ...", "File: ../ta/ta.c, Line 335", "Expression: cond"
	** (the expression on a later line: see below) */
	{R_EVENT, ", Line ", "assert", 2, 0,
	 "^File: (?<file>.+?), Line (?<line>\\d+)\\s*$"},
	{R_DETAIL, "Expression: ", NULL, 0, 0, "^Expression: (?<msg>.*?)\\s*$"},
	/* systemd's: "Assertion 'subsystem' failed at src/x/sd-device.c:1194,
	** function device_get_id_filename(). Aborting." */
	{R_EVENT, "' failed at ", "assert", 2, 0,
	 "Assertion '(?<msg>.*)' failed at (?<file>[^\\s:]+):(?<line>\\d+), function (?<func>[^\\s(]+)\\(\\)"},
	/* LuaJIT's: "LuaJIT ASSERT lj_emit_arm64.h:127: emit_lso: msg" */
	{R_EVENT, "LuaJIT ASSERT ", "assert", 2, 0,
	 "LuaJIT ASSERT (?<file>[^\\s:]+):(?<line>\\d+): (?<func>\\w+): (?<msg>.*?)\\s*$"},
	/* macOS's allocator: "malloc: *** error for object 0x7fa2: incorrect
	** checksum for freed object", which says nothing of which bug */
	{R_EVENT, "malloc: *** error for object", "heap-corruption", 2, TRI_ALONE,
	 "malloc: \\*\\*\\* error for object 0x[0-9a-fA-F]+: (?<msg>.+?)\\s*$"},
	/* A runtime's own assert (IREE's "assert.h assertion failed at
	** f.cc:110 in void f(int): cond") */
	{R_EVENT, "assertion failed at", "assert", 2, 0,
	 "assertion failed at (?<file>[^\\s:]+):(?<line>\\d+) in (?<func>.+?\\)(?: const)?"
	 "(?: \\[[^\\]]*\\])?): (?<msg>.*?)\\s*$"},
	/* ggml's (llama.cpp, whisper.cpp): "f.cpp:744: GGML_ASSERT(cond)
	** failed", older "GGML_ASSERT: f.c:13968: cond" */
	{R_EVENT, "GGML_ASSERT(", "assert", 2, 0,
	 "(?:^|[\\s:])(?<file>(?:[A-Za-z]:)?[^\\s:]+):(?<line>\\d+): GGML_ASSERT\\((?<msg>.*)\\) failed"},
	{R_EVENT, "GGML_ASSERT: ", "assert", 2, 0,
	 "GGML_ASSERT: (?<file>(?:[A-Za-z]:)?[^\\s:]+):(?<line>\\d+): (?<msg>.*?)\\s*$"},
	/* ... whose `!"CUDA error"` follows every CUDA error: the error line
	** above it is the report ("CUDA error: out of memory"), also as a
	** wrapper relays it */
	{R_EVENT, "CUDA error: ", "cuda-error", 1, 0, "(?:^|: )(?<msg>CUDA error: .*?)\\s*$"},

	/* Metal's validation layer: "-[MTLDebugDevice newBuffer:]:670: failed
	** assertion `Buffer Validation" */
	{R_EVENT, ": failed assertion `", "assert", 2, 0,
	 "(?:^|\\s)(?<func>-\\[[^\\]]+\\]|\\w+):(?<line>\\d+): failed assertion `(?<msg>[^`']*)"},
	/* JerryScript's: "ICE: Assertion 'cond' failed at f.c(func):2552." */
	{R_EVENT, "ICE: Assertion '", "assert", 2, 0,
	 "ICE: Assertion '(?<msg>.*)' failed at (?<file>[^\\s(]+)\\((?<func>[^)\\s]+)\\):(?<line>\\d+)"},
	/* DuckDB's: "INTERNAL Error: Assertion triggered in file "f.cpp"
	** on line 437: cond" */
	{R_EVENT, "Assertion triggered in file", "assert", 2, 0,
	 "Assertion triggered in file \"(?<file>[^\"]+)\" on line (?<line>\\d+): (?<msg>.*?)\\s*$"},
	/* Odin's: "src/check_decl.cpp(450): Assertion Failure: `cond` more" */
	{R_EVENT, "): Assertion Failure: ", "assert", 2, 0,
	 "(?:^|\\s)(?<file>[^\\s()]+)\\((?<line>\\d+)\\): Assertion Failure: "
	 "(?:`(?<msg>[^`]*)`.*|(?<msg>.*?))\\s*$"},
	{R_EVENT, "stack smashing", "stack-smashing", 2, 0,
	 "^\\*\\*\\* stack smashing detected \\*\\*\\*"},
	{R_EVENT, "detected ***", "fortify", 2, 0,
	 "^\\*\\*\\* (?<msg>[\\w ]+ detected) \\*\\*\\*"},
	{R_EVENT, NULL, "heap-corruption", 2, TRI_ALONE,
	 "^(?<msg>(?:free|malloc|realloc|munmap_chunk|malloc_consolidate|_int_free|"
	 "_int_malloc|tcache_thread_shutdown)\\(\\): .+|double free or corruption.*|"
	 "corrupted size vs\\. prev_size.*|corrupted double-linked list.*)$"},
	/* older glibc: "*** Error in `prog': malloc(): memory corruption
	** (fast): 0x0000... ***" */
	{R_EVENT, "*** Error in `", "heap-corruption", 2, TRI_ALONE,
	 "^\\*\\*\\* Error in `[^']*': (?<msg>.+?): 0x[0-9a-fA-F]+ \\*\\*\\*"},
	{R_EVENT, "terminate called", "uncaught-exception:", 2, 0,
	 "terminate called after throwing an instance of '(?<kind>[^']+)'"},
	/* libc++ (macOS, LLVM's): the same uncaught exception, its what() on
	** the line */
	{R_EVENT, "uncaught exception of type", "uncaught-exception:", 2, 0,
	 "libc\\+\\+abi(?:\\.dylib)?: terminating (?:due to|with) uncaught exception of type "
	 "(?<kind>(?:[^:\\s]|::)+)(?:: (?<msg>.*?))?\\s*$"},
	{R_EVENT, "terminate called", "terminate", 2, 0,
	 "terminate called without an active exception"},
	{R_DETAIL, "what():", NULL, 0, 0, "^\\s+what\\(\\):\\s+(?<msg>.*?)\\s*$"},
	/* What a program said before it called abort(): "prog: fatal error
	** in f: ...". Never a crash by itself (TRI_PRIO_MESSAGE); the
	** message of the abort that follows. */
	{R_EVENT, "atal error", "abort", TRI_PRIO_MESSAGE, 0,
	 "^(?:[\\w.-]+: )?(?<msg>[Ff]atal error\\b[^:]{0,80}: .*?)\\s*$"},
};

/* glog and Abseil logging: a fatal line "F0312 10:04:05.123456 4242
** file.cc:88] Check failed: ...", the stack it prints ("*** Check failure
** stack trace: ***", or a signal's "*** SIGSEGV received at ...") as
** "@ 0xADDR [SIZE] symbol" frames, which a paste often keeps alone.
** (TensorFlow's "*** Begin stack trace ***" under an error status is
** not read: it is the path that reported the status, the same for
** every bug.) */
static const tri_pattern glog[] = {
	{R_EVENT, "] ", "glog-fatal", 2, 0,
	 "^F\\d{4} \\d\\d:\\d\\d:\\d+\\.\\d+\\s+\\d+ (?<file>[^\\s:\\]]+):(?<line>\\d+)\\] "
	 "(?<msg>.*?)\\s*$"},
	/* the same check as dmlc and TVM log it ("[12:19:27] f.h:273:
	** Check failed: ...", or alone in TVM's error banner) */
	{R_EVENT, "Check failed: ", "glog-fatal", 2, 0,
	 "(?:^|\\s)(?:(?<file>[^\\s:\\]]+):(?<line>\\d+): )?(?<msg>Check failed: .*?)\\s*$"},
	/* XLA's RET_CHECK, on a glog-style error line */
	{R_EVENT, "RET_CHECK failure (", "xla-ret-check", 2, 0,
	 "RET_CHECK failure \\((?<file>[^\\s:()]+):(?<line>\\d+)\\) (?<msg>.*?)\\s*$"},
	{R_STACK, "Check failure stack trace", NULL, 0, 0,
	 "^\\*\\*\\* Check failure stack trace: \\*\\*\\*"},
	{R_SIGNAL, "***", NULL, 3, 0,
	 "^\\*\\*\\* (?<sig>SIG[A-Z]+) (?:[a-z][a-z ]*? )?(?:\\(@0x[0-9a-fA-F]+\\) )?received "},
	{R_FRAME, "@", NULL, 0, 0,
	 "^\\s*@\\s+0x(?<addr>[0-9a-fA-F]+)\\s+(?:\\d+\\s+)?(?:\\(unknown\\)|" MODOFF "|"
	 "(?<func>[^\\s(].*?))\\s*$"},
};

/* Rust panics, with RUST_BACKTRACE=1 or full; newer rustc prints the
** thread id: "thread 'main' (1234) panicked at"; a hook of the
** program's own (WebAssembly's) prints no thread. */
static const tri_pattern rust[] = {
	{R_NEXTMSG, "panicked at", "rust-panic", 2, 0,
	 "^(?:thread '[^']*'(?: \\(\\d+\\))? )?panicked at (?<file>(?:[A-Za-z]:)?[^\\s:]+):(?<line>\\d+):\\d+:$"},
	{R_EVENT, "panicked at", "rust-panic", 2, 0,
	 "^thread '[^']*'(?: \\(\\d+\\))? panicked at '(?<msg>.*)', (?<file>(?:[A-Za-z]:)?[^\\s:]+):(?<line>\\d+)"},
	/* a message of several lines: its first (the location is at the
	** end of its last) */
	{R_EVENT, "panicked at '", "rust-panic", 2, 0,
	 "^thread '[^']*'(?: \\(\\d+\\))? panicked at '(?<msg>.*?):?\\s*$"},
	/* a thread's stack overflow, which names no function: alone */
	{R_EVENT, "has overflowed its stack", "rust-stack-overflow", 2, TRI_ALONE,
	 "^thread '[^']*'(?: \\(\\d+\\))? has overflowed its stack"},
	/* miette's report of a panic (Nushell): "x Main thread panicked.",
	** then "|-> at crates/x/src/f.rs:45:9" and "`-> message" */
	{R_EVENT, " panicked.", "rust-panic", 2, 0,
	 "(?:^|\\s)x (?:Main thread|Thread '[^']*') panicked\\.\\s*$"},
	{R_DETAIL, "|-> at ", NULL, 0, 0,
	 "^\\s*\\|-> at (?<file>(?:[A-Za-z]:)?[^\\s:]+):(?<line>\\d+)(?::\\d+)?\\s*$"},
	{R_DETAIL, "`-> ", NULL, 0, 0, "^\\s*`-> (?<msg>.*?)\\s*$"},
	/* rustc's own report; "unexpected panic" says nothing of which */
	{R_EVENT, "internal compiler error: unexpected panic", "rust-ice", 3, 0,
	 "^error: internal compiler error: unexpected panic"},
	{R_EVENT, "internal compiler error: ", "rust-ice", 3, 0,
	 "^error: internal compiler error: (?<msg>.*?)\\s*$"},
	{R_STACK, "stack backtrace:", NULL, 0, 0, "^stack backtrace:"},
	/* A frame of a full backtrace ("12:  0x7f.. - name") needs no
	** header: a paste often starts below it. */
	{R_FRAME, " - ", NULL, 0, 0,
	 "^\\s*(?<idx>\\d+):\\s+0x[0-9a-fA-F]+ - (?<func>\\S.*?)\\s*$"},
	/* (not an address alone: a paste cut in the middle of a frame) */
	{R_FRAME, ":", NULL, 0, TRI_CONTEXT,
	 "^\\s+(?<idx>\\d+):\\s+(?:0x[0-9a-fA-F]+ - )?(?!0x[0-9a-fA-F]*\\s*$)"
	 "(?<func>\\S.*?)\\s*$"},
	{R_AT, "at ", NULL, 0, TRI_CONTEXT,
	 "^\\s+at (?<file>\\S.*?):(?<line>\\d+)(?::\\d+)?\\s*$"},
};

/* GCC's internal compiler error: "f.c:3:6: internal compiler error: in
** vect_transform_stmt, at tree-vect-stmts.cc:12345" (or the signal that
** stopped it), then its backtrace, innermost first: "0x1a2b3c name(args)"
** frames, "???" where it knows no name, each with "\tfile:line" under it.
** The line heads the stack as well as reporting the crash. */
static const tri_pattern gcc[] = {
	{R_STACK, "internal compiler error: ", "ice", 2, 0,
	 "(?:^|: )internal compiler error: (?<msg>.*?)\\s*$"},
	{R_FRAME, "0x", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^\\s*0x[0-9a-fA-F]+ (?<func>\\S.*?)\\s*$"},
	{R_AT, ":", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^\\s+(?<file>[^\\s:]+):(?<line>\\d+)\\s*$"},
};

/* Go: "panic: msg" (a runtime error's or the value the program passed),
** then each goroutine's stack, "goroutine 1 [running]:" the one that
** panicked: "pkg.(*T).f(0xc000010000, ...)" frames, each with
** "\t/path/f.go:12 +0x1d" under it. */
static const tri_pattern go[] = {
	{R_EVENT, "panic: ", "go-panic", 2, 0,
	 "^panic: (?<msg>.*?)(?: \\[recovered\\])?\\s*$"},
	/* the runtime's own fatal error ("fatal error: concurrent map
	** writes", "unexpected signal during runtime execution"), only
	** with the stacks it prints under it */
	{R_EVENT, "fatal error: ", "go-fatal", 2, TRI_FRAMED, "^fatal error: (?<msg>.*?)\\s*$"},
	{R_STACK, "runtime stack:", NULL, 0, 0, "^runtime stack:\\s*$"},
	/* (Go 1.23 adds "gp=0xc0000076c0 m=0 mp=0x55ef..." to the header) */
	{R_STACK, "[running]", NULL, 0, 0,
	 "^goroutine \\d+(?: gp=0x[0-9a-f]+ m=\\d+(?: mp=0x[0-9a-f]+)?)? \\[running\\]:\\s*$"},
	{R_STACK, "goroutine ", NULL, 0, TRI_ASIDE,
	 "^goroutine \\d+(?: gp=0x[0-9a-f]+ m=\\d+(?: mp=0x[0-9a-f]+)?)? \\[[^\\]]*\\]:\\s*$"},
	/* Go's os/exec, as a program relays its child's death ("llama
	** runner process has terminated: signal: illegal instruction (core
	** dumped)") */
	{R_SIGNAL, "signal: ", NULL, 5, 0,
	 "(?:^|: )signal: (?<sig>segmentation fault|aborted|illegal instruction|bus error|"
	 "floating point exception)(?: \\(core dumped\\))?\\s*$"},
	/* the runtime's report of a signal, "SIGSEGV: segmentation
	** violation" above "PC=0x7f87e284d1d7 m=0 sigcode=1" */
	{R_SIGNAL, "SIG", NULL, 3, 0,
	 "^(?<sig>SIG(?:SEGV|ABRT|BUS|FPE|ILL|TRAP)): [a-z][a-z -]*$"},
	{R_FRAME, "(", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^(?<func>[A-Za-z_][\\w./-]*?(?:\\.\\(\\*?[^()\\s]+\\))?(?:\\.[^\\s().\\[]+(?:\\[\\.\\.\\.\\])?)*)"
	 "\\((?:[^()]|\\([^()]*\\))*\\)\\s*$"},
	{R_AT, ".go:", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^\\s+(?<file>\\S+\\.go):(?<line>\\d+)(?: \\+0x[0-9a-fA-F]+)?\\s*$"},
};

/* Java (and the JVM languages): an uncaught exception, "Exception in
** thread "main" java.lang.IllegalStateException: msg", or its line alone,
** valid once an "at pkg.Class.method(File.java:42)" frame follows. (A
** class named as exceptions and errors are: a hint each.) */
static const tri_pattern java[] = {
	{R_JSERR, "Exception", "java:", 2, 0,
	 "^\\s*(?:Exception in thread \"[^\"]*\" )?(?<kind>(?:[a-z_$][\\w$]*\\.)+(?:[A-Z][\\w$]*)?Exception)"
	 "(?:: (?<msg>.*?))?\\s*$"},
	{R_JSERR, "Error", "java:", 2, 0,
	 "^\\s*(?:Exception in thread \"[^\"]*\" )?(?<kind>(?:[a-z_$][\\w$]*\\.)+(?:[A-Z][\\w$]*)?Error)"
	 "(?:: (?<msg>.*?))?\\s*$"},
	{R_FRAME, "at ", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^\\s+at (?:[\\w.$-]+(?:@[\\w.-]+)?/)?(?<func>[\\w$.<>]+?)\\("
	 "(?:(?<file>[^:()]+?)(?::(?<line>\\d+))?)\\)\\s*$"},
};

/* TVM's FFI on a fatal signal: "!!!!!!! TVM FFI encountered a Segfault
** !!!!!!!", then native frames in a Python traceback's clothes,
** outermost first: "  File "<unknown>", in tvm::ffi::Function::...". */
static const tri_pattern tvm_ffi[] = {
	{R_STACK, "TVM FFI encountered a", "crash", 3, TRI_REVERSE,
	 "^!+ TVM FFI encountered a Segfault !+\\s*$"},
	{R_FRAME, "File \"<unknown>\", in ", NULL, 0, TRI_CONTEXT,
	 "^\\s+File \"<unknown>\", in (?<func>.+?)\\s*$"},
};

/* UCX's handler (under MPI, PyTorch's distributed jobs): "[host:4242:0:4242]
** Caught signal 11 (Segmentation fault: ...)", then "==== backtrace
** (tid:4242) ====" and " 3 0x0000000000016a659 f()  file.c:214" frames. */
static const tri_pattern ucx[] = {
	{R_SIGNAL, "Caught signal", NULL, 3, 0,
	 "Caught signal \\d+ \\((?<sig>Segmentation fault|Aborted|Bus error|"
	 "Floating point exception|Illegal instruction)"},
	{R_STACK, "==== backtrace (tid:", NULL, 0, 0,
	 "^\\s*={3,} backtrace \\(tid:\\s*\\d+\\) ={3,}"},
	{R_FRAME, "0x", NULL, 0, TRI_CONTEXT,
	 "^\\s*(?<idx>\\d+)\\s+0x(?<addr>[0-9a-fA-F]+)\\s+(?<func>[^\\s(]+)\\(\\)"
	 "(?:\\s+(?<file>[^\\s:]+):(?<line>\\d+))?\\s*$"},
};

/* Open MPI's signal handler, its "[host:pid] " prefix cut (parse.c):
** "Signal: Segmentation fault (11)", then "[ 3] /lib/libx.so(f+0x37)[0x7f..]"
** frames (backtrace_symbols() without its blank: see frames[]). */
static const tri_pattern openmpi[] = {
	{R_SIGNAL, "Signal: ", NULL, 3, 0,
	 "^Signal: (?<sig>[A-Z][\\w ]*?) \\(\\d+\\)\\s*$"},
};

/* The Linux kernel's oops: "BUG: kernel NULL pointer dereference,
** address: 0fa8", "kernel BUG at mm/slub.c:123!", "general protection
** fault, probably for ...", then "RIP: 0010:f+0x6/0xd0 [nvidia]" (the
** crash site) and the call trace's " f+0x1a/0x30 [mod]" frames; frames
** marked "? " are guesses and are not read. */
static const tri_pattern kernel[] = {
	{R_EVENT, "BUG: ", "kernel-bug", 2, 0,
	 "^BUG: (?<msg>.+?)(?:, address: [0-9a-fA-Fx]+)?\\s*$"},
	{R_EVENT, "kernel BUG at ", "kernel-bug", 2, TRI_PLACE,
	 "^kernel BUG at (?<file>[^\\s:]+):(?<line>\\d+)!"},
	{R_EVENT, "general protection fault", "kernel-bug", 2, 0,
	 "^(?<msg>general protection fault)(?:,|:| ip:)"},
	{R_FRAME, "RIP: ", NULL, 0, 0,
	 "^RIP: [0-9a-fA-F]{4}:(?<func>[A-Za-z_][\\w.]*)\\+0x(?<off>[0-9a-fA-F]+)/0x[0-9a-fA-F]+"
	 "(?: \\[(?<module>[\\w-]+)\\])?"},
	{R_FRAME, "/0x", NULL, 0, 0,
	 "^\\s+(?<func>[A-Za-z_][\\w.]*)\\+0x(?<off>[0-9a-fA-F]+)/0x[0-9a-fA-F]+"
	 "(?: \\[(?<module>[\\w-]+)\\])?\\s*$"},
};

/* TensorRT-LLM's checks, "[TensorRT-LLM][ERROR] Assertion failed: cond
** (/b/kvCacheManager.cpp:257)", and its exception's frames, "3
** 0x7f492ce5b765 ns::f(int) + 220" or "2  0x7f49 /b/lib.so(+0x81e384)
** [0x7f49]". */
static const tri_pattern trtllm[] = {
	{R_EVENT, "Assertion failed: ", "assert", 2, 0,
	 "\\[TensorRT-LLM\\]\\[ERROR\\] Assertion failed: (?<msg>.*) \\((?<file>[^\\s():]+):(?<line>\\d+)\\)"},
	{R_FRAME, " 0x", NULL, 0, TRI_DIGIT,
	 "^(?<idx>\\d+)\\s+0x(?<addr>[0-9a-fA-F]+) (?:(?<module>[^\\s(]+)\\(\\+0x(?<off>[0-9a-fA-F]+)\\)"
	 " \\[0x[0-9a-fA-F]+\\]|(?<func>\\S.*?) \\+ \\d+)\\s*$"},
};

/* Torch-TensorRT's checks: "[Error thrown at core/conversion/var/
** Var.cpp:127] Expected isIValue() to be true but got false". */
static const tri_pattern torch_tensorrt[] = {
	{R_EVENT, "[Error thrown at ", "torchtrt-error", 2, 0,
	 "\\[Error thrown at (?<file>[^\\s\\]:]+):(?<line>\\d+)\\] (?<msg>.*?)\\s*$"},
};

/* TensorRT's errors: "[TRT] [E] 10: [optimizer.cpp::computeCosts::3628]
** Error Code 10: Internal Error (msg)", or trtexec's "[E] Error[10]: [...]
** ..."; the first is the bug, those after it its consequences. */
static const tri_pattern tensorrt[] = {
	{R_EVENT, "] Error Code ", "tensorrt", 2, 0,
	 "\\[(?<file>[\\w.-]+)::(?:[\\w~]+::)*?(?<func>~?\\w+)::(?<line>\\d+)\\] "
	 "Error Code \\d+: (?<msg>.*?)\\s*$"},
};

/* Taichi's logger: "[E 01/24/22 22:45:51.257 7889] [ir.h:as@226]
** Assertion failure: is<T>()" or "... Received signal 11 (Segmentation
** fault)", then its "Taichi Compiler Stack Traceback" of "module.so: name"
** frames (and glibc's "module(+0x5a952e) [0x7f...]" where it has no
** name). */
static const tri_pattern taichi[] = {
	{R_EVENT, "] [", "taichi-error", 2, 0,
	 "^\\[E \\d\\d/\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d+(?: \\d+)?\\] "
	 "\\[(?<file>[^:\\]\\s]+):(?<func>[\\w~]+)@(?<line>\\d+)\\] (?<msg>.*?)\\s*$"},
	{R_SIGNAL, "Received signal", NULL, 3, 0,
	 "^\\[E [^\\]]*\\] Received signal \\d+ \\((?<sig>[^)]+)\\)"},
	{R_STACK, "Taichi Compiler Stack Traceback", NULL, 0, 0,
	 "^\\* Taichi Compiler Stack Traceback \\*"},
	{R_FRAME, ".so", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^(?<module>/\\S+?\\.so(?:\\.[\\d.]+)?): (?<func>\\S.*?)\\s*$"},
};

/* Halide's internal errors: "Internal error at src/Simplify.cpp:1797",
** the failed condition on the next line. */
static const tri_pattern halide[] = {
	{R_NEXTMSG, "nternal ", "halide-internal", 2, 0,
	 "^Internal [Ee]rror at (?<file>[^\\s:]+):(?<line>\\d+)\\s*$"},
};

/* onnxruntime errors through its bindings, each framing the same status
** message its own way: Python's "[ONNXRuntimeError] : 10 : INVALID_GRAPH :
** msg", C#'s "OnnxRuntimeException: [ErrorCode:InvalidGraph] msg" (or a
** dialog box's "Message=[ErrorCode:...] msg"), Java's "OrtException: Error
** code - ORT_FAIL - message: msg", an old binding's "onnx runtime error 1:
** msg". Ahead of Python's exception line, so that the kind and message are
** the same with a traceback or without one, and from any binding. */
static const tri_pattern onnxruntime[] = {
	{R_EVENT, "[ONNXRuntimeError]", "onnxruntime", 3, 0,
	 "\\[ONNXRuntimeError\\] : \\d+ : [A-Z_ ]+ : (?<msg>.*?)\\s*$"},
	{R_EVENT, "[ErrorCode:", "onnxruntime", 3, 0,
	 "(?:'\\[ErrorCode:\\w+\\] (?<msg>.*?)'|\\[ErrorCode:\\w+\\] (?<msg>.*?))\\s*$"},
	{R_EVENT, "OrtException: Error code - ", "onnxruntime", 3, 0,
	 "OrtException: Error code - ORT_\\w+ - message: (?<msg>.*?)\\s*$"},
	{R_EVENT, "onnx runtime error ", "onnxruntime", 3, 0,
	 "\\bonnx runtime error \\d+: (?<msg>.*?)\\s*$"},
	/* the session's own words, with no binding's code before them */
	{R_EVENT, " failed:", "onnxruntime", 3, 0,
	 "\\bLoad model from .*? failed: ?(?<msg>\\S.*?)\\s*$"},
};

/* The status message of a failed kernel with no binding's framing: the
** runtime's own log line ("[E:onnxruntime:, sequential_executor.cc:516
** ExecuteKernel] Non-zero status code returned while running Conv node.
** Name:'c1' Status Message: ..."), or a paste of the message alone. Its
** message is the one a binding's exception says. After glibc's table:
** a C++ exception's "what():" line is that exception's. A status message
** the paste put on the next line is read joined to it. */
static const tri_pattern onnxruntime_log[] = {
	{R_EVENT, "Non-zero status code returned while running", "onnxruntime", 3, 0,
	 "(?<msg>Non-zero status code returned while running \\w+ node\\. Name:'[^']*' ?"
	 "Status Message: ?\\S.*?)\\s*$"},
};

/* PyTorch's internal assertions (TORCH_INTERNAL_ASSERT) as Python prints
** them: "RuntimeError: cond INTERNAL ASSERT FAILED at "file":line, please
** report a bug to PyTorch. detail" (some versions, or pastes, lose the
** space: "falseINTERNAL"). The condition is read apart (func) and joined
** back with its space. Ahead of Python's exception line. */
static const tri_pattern pytorch[] = {
	{R_EVENT, "INTERNAL ASSERT FAILED", "torch-assert", 3, 0,
	 "^(?:[A-Za-z_][\\w.]*: )?(?:(?<func>\\S.*?) ?)?(?<msg>INTERNAL ASSERT FAILED at "
	 "\"(?<file>[^\"]+)\":(?<line>\\d+).*?)\\s*$"},
};

/* PyTorch's C++ errors (c10::Error) as the library prints them: "Exception
** raised from f at file:line (most recent call first):", then frames, on
** Windows "ADDR c10.dll!c10::Error::Error [<unknown file> @ <unknown line
** number>]". The function and file are the report's: its message line,
** above, may be cut. */
static const tri_pattern c10[] = {
	{R_EVENT, "Exception raised from", "torch-error", 4, 0,
	 "Exception raised from (?<msg>\\S+) at (?<file>[^\\s]+?):(?<line>\\d+) "
	 "\\(most recent call first\\)"},
	{R_FRAME, "!", NULL, 0, 0,
	 "^(?<addr>[0-9A-Fa-f]{16})(?:[0-9A-Fa-f]{16})? (?<module>[\\w.-]+)!(?<func>[^\\s\\[]+)"
	 "(?: \\[.*\\])?\\s*$"},
};

/* Visual Studio's Call Stack window copied as text, innermost first:
** "> tool.exe!ns::f(int x) Line 64 (d:\\src\\f.cpp:64)", an inlined
** call "[Inline Frame] tool.exe!...", a frame without symbols
** "kernel.dll!00007ffc12345678()". */
static const tri_pattern msvc[] = {
	{R_FRAME, "!", NULL, 0, 0,
	 "^[\\s>]*(?:\\[Inline Frame\\] )?(?<module>[\\w.+-]+\\.(?:exe|dll|EXE|DLL))!"
	 "(?:(?<addr>[0-9a-fA-F]{8,16})\\(\\)|(?<func>[^\\s!].*?))"
	 "(?: Line (?<line>\\d+)(?: \\((?<file>[^()]+?):\\d+\\))?.*|\\s*|\\t.*)$"},
};

/* Python tracebacks and faulthandler dumps. */
static const tri_pattern python[] = {
	{R_STACK, "Traceback", NULL, 0, TRI_REVERSE,
	 "^Traceback \\(most recent call last\\):"},
	/* a traceback's frame: also one pasted without its header */
	{R_FRAME, "File \"", NULL, 0, TRI_HEADLESS,
	 "^\\s+File \"(?<file>[^\"]+)\", line (?<line>\\d+), in (?<func>.+?)\\s*$"},
	{R_PYEXC, NULL, "python:", 4, TRI_CONTEXT,
	 "^(?<kind>(?:[A-Za-z_]\\w*\\.)*[A-Z]\\w*)(?:: (?<msg>.*)|"
	 "(?<=Error|Exception|Interrupt|Exit|Iteration))\\s*$"},
	/* IPython's and Jupyter's traceback: "ValueError    Traceback (most
	** recent call last)", then "File /x/f.py:758, in C.f(self, *args)"
	** (IPython 8) or "~/x/f.py in f(self, a)" frames, each above lines
	** of its code, the exception line last */
	{R_STACK, "Traceback (most recent call last)", NULL, 0, TRI_REVERSE,
	 "^[A-Za-z_][\\w.]*\\s+Traceback \\(most recent call last\\)\\s*$"},
	{R_FRAME, "File ", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^File (?<file>\\S.*?):(?<line>\\d+), in (?<func>[^\\s(]+)(?:\\(.*\\))?\\s*$"},
	{R_FRAME, " in ", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^(?<file>[^\\s\"]\\S*?\\.py|<ipython-input-[\\w-]+>) in (?<func>[^\\s(]+)(?:\\(.*\\))?\\s*$"},
	/* an exception line pasted alone, the last of the log: the error
	** the report is about, when nothing else says one */
	{R_EVENT, NULL, "python:", 8, TRI_LAST,
	 "^(?<kind>(?:[A-Za-z_]\\w*\\.)*[A-Z]\\w*(?:Error|Exception))(?:: (?<msg>.*?))?\\s*$"},
	/* faulthandler's dump, maybe after what the program printed on the
	** line (pytest's "collecting ... ") */
	{R_SIGNAL, "Fatal Python error", NULL, 3, 0,
	 "(?:^|\\s)Fatal Python error: (?<sig>[^:]+?)\\s*$"},
	{R_STACK, "most recent call first", NULL, 0, 0,
	 "^Current thread 0x[0-9a-fA-F]+ .*\\(most recent call first\\):"},
	/* the other threads it lists, which did not crash */
	{R_STACK, "most recent call first", NULL, 0, TRI_ASIDE,
	 "^Thread 0x[0-9a-fA-F]+ .*\\(most recent call first\\):"},
	{R_FRAME, "File \"", NULL, 0, TRI_CONTEXT,
	 "^\\s+File \"(?<file>[^\"]+)\", line (?<line>\\d+) in (?<func>.+?)\\s*$"},
};

/* Julia's report of a signal: "signal (11): Segmentation fault", "in
** expression starting at f.jl:72", then "name at file:line" frames
** ("[inlined]" after some; "(unknown line)" where it knows none). */
static const tri_pattern julia[] = {
	{R_SIGNAL, "signal (", NULL, 3, 0,
	 "^(?:\\[\\d+\\] )?signal \\(\\d+\\): (?<sig>[A-Z][\\w ]*?)\\s*$"},
	{R_STACK, "in expression starting at", NULL, 0, 0, "^in expression starting at "},
	{R_FRAME, " at ", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^(?<func>\\S.*?) at (?<file>\\S+?)(?::(?<line>\\d+)| \\(unknown line\\))"
	 "(?: \\[inlined\\])?\\s*$"},
};

/* Node.js's own fatal errors ("FATAL ERROR: v8::ToLocalChecked Empty
** MaybeLocal"), its native stack under it: " 1: 0x10bdd2277
** node::OnFatalError(char const*, char const*) [node]". */
static const tri_pattern node_fatal[] = {
	{R_STACK, "FATAL ERROR: ", "node-fatal", 2, 0, "^FATAL ERROR: (?<msg>.*?)\\s*$"},
	{R_STACK, "Native stack trace", NULL, 0, 0, "^-+ Native stack trace -+\\s*$"},
	{R_FRAME, ": 0x", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^\\s*(?<idx>\\d+): 0x(?<addr>[0-9a-fA-F]+) (?<func>\\S.*?)(?: \\[(?<module>[^\\]]+)\\])?\\s*$"},
};

/* .NET: "Unhandled exception. System.InvalidOperationException: msg" or
** the runtime's "Fatal error. Internal CLR error. (0x80131506)", valid
** once an "   at Ns.Class.Method(args) in f.cs:line 42" frame follows. */
static const tri_pattern dotnet[] = {
	{R_JSERR, "nhandled ", "dotnet:", 2, 0,
	 "^Unhandled [Ee]xception[.:] (?<kind>(?:[A-Za-z_]\\w*\\.)+[A-Za-z_]\\w*)(?:: (?<msg>.*?))?\\s*$"},
	{R_JSERR, "Fatal error. ", "clr-fatal", 2, 0, "^Fatal error\\. (?<msg>.*?)\\s*$"},
	{R_FRAME, "at ", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^\\s+at (?<func>[^\\s(][^(]*?)\\((?:[^()]|\\([^()]*\\))*\\)"
	 "(?: in (?<file>.+?):line (?<line>\\d+))?\\s*$"},
};

/* Zig: "thread 4242 panic: reached unreachable code", then
** "/src/type.zig:5272:39: 0x76ec676 in comptimeOnly (zig)" frames. */
static const tri_pattern zig[] = {
	/* stage1, the C++ compiler before 0.10: "when analyzing f.zig:2:20
	** in compiler source at ir.cpp:13377: assertion failed. This is a
	** bug in the Zig compiler." (or "Assertion failed at codegen.cpp:3885
	** in gen_undef_init. ..."); older releases name only the program's
	** line, which says nothing of which check */
	{R_EVENT, "This is a bug in the Zig compiler", "zig-assert", 1, TRI_PLACE,
	 "in compiler source at (?<file>[^\\s:]+):(?<line>\\d+): (?:thread \\d+ panic: )?"
	 "assertion failed\\. This is a bug"},
	{R_EVENT, "This is a bug in the Zig compiler", "zig-assert", 1, TRI_PLACE,
	 "^Assertion failed at (?<file>[^\\s:]+):(?<line>\\d+) in \\w+\\. This is a bug"},
	{R_EVENT, "This is a bug in the Zig compiler", "zig-assert", 1, TRI_ALONE,
	 "(?:^|\\s)when analyzing \\S+: assertion failed\\. This is a bug"},
	{R_EVENT, " panic: ", "zig-panic", 2, 0,
	 "(?:^|\\s)thread \\d+ panic: (?<msg>.*?)\\s*$"},
	{R_FRAME, " in ", NULL, 0, 0,
	 "^(?<file>\\S+?):(?:(?<line>\\d+):\\d+|\\?:\\?): 0x[0-9a-fA-F]+ in (?<func>\\S+) \\([^)]*\\)\\s*$"},
};

/* WinDbg's `k`: "01 0000001c`7918b720 00007ff8`cac243db
** dxcompiler!llvm_assert+0x3b [d:\\src\\assert.cpp @ 17]" (its frame
** numbers are hex: not read). */
static const tri_pattern windbg[] = {
	{R_FRAME, "!", NULL, 0, 0,
	 "^[0-9a-fA-F]{2,} (?:[0-9a-fA-F`]{8,} ){2}(?<module>[\\w.-]+)!(?<func>[^\\s+]+)"
	 "(?:\\+0x(?<off>[0-9a-fA-F]+))?(?: \\[(?<file>.+?) @ (?<line>\\d+)\\])?\\s*$"},
};

/* ClickHouse's server log (its line prefix is cut: see parse.c):
** BaseDaemon's "(version 23.4.1.1 ...) (from thread 495) Received signal
** Segmentation fault (11)." and a LOGICAL_ERROR's "Logical error: 'msg'."
** (an abort in its debug builds), then frames: "3. DB::f(args) @ 0x0e0e
** in /usr/bin/clickhouse", with a file "4. ./src/a.cpp:41: DB::f() @
** 0x...", older "2. clickhouse-server(DB::f()+0x1e6) [0x2267f26]" and
** "3. 0x5624850f3c7c DB::f(args) /usr/bin/clickhouse". */
static const tri_pattern clickhouse[] = {
	{R_SIGNAL, "Received signal ", NULL, 3, 0,
	 "\\) Received signal (?<sig>[A-Z][\\w ]*?) \\(\\d+\\)"},
	{R_EVENT, "Logical error: '", "clickhouse-logical", 2, 0,
	 "(?:^|: )Logical error: '(?<msg>.*?)'?\\.?\\s*$"},
	{R_FRAME, " @ 0x", NULL, 0, TRI_DIGIT,
	 "^(?<idx>\\d+)\\. (?:(?<file>[^\\s:]+):(?<line>\\d+): )?(?<func>[^\\s(@][^@]*?) "
	 "@ 0x[0-9a-fA-F]+(?: in (?<module>\\S+))?\\s*$"},
	{R_FRAME, ") [0x", NULL, 0, TRI_DIGIT,
	 "^(?<idx>\\d+)\\. (?<module>[^\\s(]+)\\((?:(?<func>[^+\\s][^+]*?))?\\+0x(?<off>[0-9a-fA-F]+)\\) "
	 "\\[0x(?<addr>[0-9a-fA-F]+)\\]\\s*$"},
	{R_FRAME, ". 0x", NULL, 0, TRI_DIGIT,
	 "^(?<idx>\\d+)\\. 0x(?<addr>[0-9a-fA-F]+) (?<func>\\S.*?)(?: +(?<module>/\\S+))?\\s*$"},
};

/* Paddle's: "C++ Traceback (most recent call last):" above "0   paddle::f(...)"
** frames, outermost first, then its "Error Message Summary:": an enforce's
** "InvalidArgumentError: msg (at /paddle/fluid/conv_op.cc:123)", whose
** check the file and line name, or "FatalError: `Segmentation fault` is
** detected by the operating system." Ahead of Python's exception line. */
static const tri_pattern paddle[] = {
	{R_STACK, "C++ Traceback (most recent call last):", NULL, 0, TRI_REVERSE,
	 "^C\\+\\+ Traceback \\(most recent call last\\):\\s*$"},
	{R_FRAME, "  ", NULL, 0, TRI_CONTEXT | TRI_OWN | TRI_DIGIT,
	 "^(?<idx>\\d+)\\s{2,}(?<func>[^\\s\\d].*?)\\s*$"},
	{R_SIGNAL, "FatalError: `", NULL, 3, 0,
	 "^FatalError: `(?<sig>[A-Z][\\w ]*?)` is detected by the operating system"},
	{R_EVENT, "(at ", "paddle:", 2, TRI_PLACE,
	 "^(?<kind>[A-Z]\\w*(?:Error|Exception)): (?<msg>.*?) \\(at (?<file>[^\\s():]+):(?<line>\\d+)\\)\\s*$"},
};

/* DuckDB's internal errors ("INTERNAL Error: msg", through its bindings
** "InternalException: INTERNAL Error: msg"), ahead of Python's exception
** line; its assertion is glibc's. */
static const tri_pattern duckdb[] = {
	{R_EVENT, "INTERNAL Error: ", "duckdb-internal", 2, 0,
	 "(?:^|\\s)INTERNAL Error: (?!Assertion triggered )(?<msg>.*?)\\s*$"},
};

/* Nim's compiler: "f.nim(48, 19) Error: internal error: evalOp(mTypeOf)",
** its "Traceback (most recent call last)" of "nim.nim(104) nim" frames,
** outermost first; a program's "Error: unhandled exception: msg
** [ValueError]" and "SIGSEGV: Illegal storage access." */
static const tri_pattern nim[] = {
	{R_EVENT, "Error: internal error: ", "nim-internal", 2, 0,
	 "(?:^|\\s)Error: internal error: (?<msg>.*?)\\s*$"},
	{R_EVENT, "Error: unhandled exception: ", "nim:", 2, 0,
	 "(?:^|\\s)Error: unhandled exception: (?<msg>.*?) \\[(?<kind>\\w+)\\]\\s*$"},
	{R_SIGNAL, "Illegal storage access", NULL, 3, 0,
	 "^(?<sig>SIGSEGV): Illegal storage access"},
	{R_STACK, "Traceback (most recent call last)", NULL, 0, TRI_REVERSE,
	 "^Traceback \\(most recent call last\\)\\s*$"},
	{R_FRAME, ".nim(", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^(?<file>\\S+?\\.nim)\\((?<line>\\d+)\\)\\s+(?<func>\\S+)\\s*$"},
};

/* Odin's panic: "src/checker.cpp(6962): Panic: msg": the compiler's line
** names it (its assertion is glibc's table's). */
static const tri_pattern odin[] = {
	{R_EVENT, "): Panic: ", "odin-panic", 2, TRI_PLACE,
	 "(?:^|\\s)(?<file>[^\\s()]+)\\((?<line>\\d+)\\): Panic: (?<msg>.*?)\\s*$"},
};

/* Valgrind: "==4831== Invalid read of size 4", "==4831==    at
** 0x140907: f (quickjs.c:5705)", "by ..." frames. */
static const tri_pattern valgrind[] = {
	{R_EVENT, "==", "valgrind:", 2, 0,
	 "^==\\d+== (?<kind>Invalid (?:read|write|free)|Mismatched free|"
	 "Conditional jump or move depends on uninitialised value|Use of uninitialised value|"
	 "Source and destination overlap|Jump to the invalid address)"},
	{R_SIGNAL, "Process terminating with default action of signal", NULL, 3, 0,
	 "^==\\d+== Process terminating with default action of signal \\d+ \\((?<sig>SIG[A-Z]+)\\)"},
	{R_FRAME, "==", NULL, 0, 0,
	 "^==\\d+==\\s+(?:at|by) 0x(?<addr>[0-9A-Fa-f]+): (?<func>.+?) "
	 "\\((?:(?<file>[^\\s:()]+):(?<line>\\d+)|in (?<module>[^()]+))\\)\\s*$"},
};

/* V: "V panic: msg" (newer: a "==== V panic ====" banner above
** "  message: msg"), then "/tmp/v2.tmp.c:23068: at builtin___v_panic:
** Backtrace" and "...: by f" frames. */
static const tri_pattern vlang[] = {
	{R_EVENT, "V panic: ", "v-panic", 2, 0, "^V panic: (?<msg>.*?)\\s*$"},
	{R_STACK, " V panic ", "v-panic", 2, 0, "^=+ V panic =+\\s*$"},
	{R_DETAIL, "message: ", NULL, 0, 0, "^\\s+message: (?<msg>.*?)\\s*$"},
	{R_FRAME, ": by ", NULL, 0, 0,
	 "^(?<file>\\S+?\\.c):(?<line>\\d+): by (?<func>[^\\s:]+)\\s*$"},
	{R_FRAME, ": at ", NULL, 0, 0,
	 "^(?<file>\\S+?\\.c):(?<line>\\d+): at (?<func>[^\\s:]+)(?:: Backtrace)?\\s*$"},
};

/* HHVM's crash report: "Type: Segmentation fault" among its header's
** fields, then "#0  HPHP::f(args) const at /usr/bin/hhvm:0" frames ("# 0
** 0000000000d77e96" without symbols). */
static const tri_pattern hhvm[] = {
	{R_SIGNAL, "Type: ", NULL, 3, 0,
	 "^\\s*Type: (?<sig>Segmentation fault|Bus error|Aborted|Illegal instruction|"
	 "Floating point exception)\\s*$"},
	{R_FRAME, "#", NULL, 0, 0,
	 "^\\s*#\\s*(?<idx>\\d+)\\s+(?:(?<addr>[0-9a-fA-F]{8,16})|"
	 "(?<func>[^\\s#][^#]*?) at (?<file>\\S+?):(?<line>\\d+))\\s*$"},
};

/* Crystal: a signal ("Invalid memory access (signal 11) at address 0x0",
** "Stack overflow (e.g., infinite or very deep recursion)") above frames
** "[0x55f5] *Foo#bar<Foo>:Nil +118 in ./prog" (older: "[4402562305]
** *raise<String>:NoReturn +92", "*Foo#bar<Foo>:Nil +1011 [4477521459]"),
** or an uncaught exception ("Unhandled exception: Index out of bounds
** (IndexError)", or its message and class alone) valid once a "  from
** src/a.cr:12:3 in 'bar'" frame follows. A method is named without its
** argument and return types. */
#define CRYSTAL_NAME "\\*?(?<func>[^\\s<:(*][^\\s<:(]*(?:::[^\\s<:(]+)*)(?:[<:(].*?)? \\+\\d+"
static const tri_pattern crystal[] = {
	{R_SIGNAL, "Invalid memory access (signal ", NULL, 3, 0,
	 "^(?<sig>Invalid memory access) \\(signal \\d+\\) at address"},
	{R_SIGNAL, "Stack overflow (e.g.", NULL, 3, 0,
	 "^(?<sig>Stack overflow) \\(e\\.g\\., infinite or very deep recursion\\)"},
	{R_JSERR, "Error)", "crystal:", 2, 0,
	 "^(?:Unhandled exception(?: in spawn(?:\\([^)]*\\))?)?: )?(?<msg>\\S.*?) "
	 "\\((?<kind>(?:[A-Z]\\w*::)*[A-Z]\\w*Error)\\)\\s*$"},
	{R_JSERR, "Exception)", "crystal:", 2, 0,
	 "^(?:Unhandled exception(?: in spawn(?:\\([^)]*\\))?)?: )?(?<msg>\\S.*?) "
	 "\\((?<kind>(?:[A-Z]\\w*::)*[A-Z]\\w*Exception)\\)\\s*$"},
	{R_FRAME, "from ", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^\\s+from (?:(?<file>[^\\s:]+):(?<line>\\d+):\\d+ in '(?<func>[^']+)'|\\?\\?\\?)\\s*$"},
	{R_FRAME, "] ", NULL, 0, 0,
	 "^\\[(?:0x)?[0-9a-fA-F]+\\] (?:\\?{2,3}(?: \\+\\d+)?|" CRYSTAL_NAME ")"
	 "(?: in (?<module>\\S+))?\\s*$"},
	{R_FRAME, " [", NULL, 0, 0, "^" CRYSTAL_NAME " \\[\\d+\\]\\s*$"},
};

/* Tenstorrent's runtime checks: "TT_FATAL @ /src/kernel.cpp:281: cond",
** maybe behind the exception's class ("RuntimeError: TT_FATAL @ ..."),
** then "info:" and its message, "backtrace:" and " --- name(args)" or
** " --- /lib/_C.so(+0xf6916) [0x7f14]" frames. */
static const tri_pattern tenstorrent[] = {
	{R_EVENT, " @ ", "assert", 2, 0,
	 "(?:^|\\s)(?:TT_FATAL|TT_ASSERT|TT_THROW|LOG_ASSERT|LOG_FATAL|DEBUG_ASSERT) @ "
	 "(?<file>[^\\s:]+):(?<line>\\d+): (?<msg>.*?)\\s*$"},
	{R_FRAME, " --- ", NULL, 0, 0,
	 "^ --- (?<module>[^\\s(\\[]+)\\((?:(?<func>[^()+\\s][^()+]*))?\\+0x(?<off>[0-9a-fA-F]+)\\) "
	 "\\[0x(?<addr>[0-9a-fA-F]+)\\]\\s*$"},
	{R_FRAME, " --- ", NULL, 0, 0, "^ --- (?<func>[A-Za-z_~][^/]*?)\\s*$"},
};

/* Highway's HWY_ABORT (gemma.cpp): "Abort at gemma.cc:1322: Failed to
** load model weights." */
static const tri_pattern abort_at[] = {
	{R_EVENT, "Abort at ", "assert", 2, 0,
	 "^Abort at (?<file>[^\\s:]+):(?<line>\\d+): (?<msg>.*?)\\s*$"},
};

/* Objective-C's "*** Terminating app due to uncaught exception
** 'NSRangeException', reason: '...'" (the reason maybe on the next
** line). */
static const tri_pattern objc[] = {
	{R_EVENT, "Terminating app due to uncaught exception", "objc:", 2, 0,
	 "Terminating app due to uncaught exception '(?<kind>\\w+)', reason: '(?<msg>.+?)'?\\s*$"},
	{R_NEXTMSG, "Terminating app due to uncaught exception", "objc:", 2, 0,
	 "Terminating app due to uncaught exception '(?<kind>\\w+)', reason:\\s*$"},
};

/* Redis's and Valkey's bug report (its line prefix is cut: see parse.c):
** "=== ASSERTION FAILED ===" then "==> ziplist.c:708 'cond' is not
** true", or "Redis 3.2.1 crashed by signal: 11", then "------ STACK
** TRACE ------" of "redis-server *:6379(ziplistIndex+0x4b1)[0x44a201]"
** frames (backtrace_symbols() without its blank: see frames[]). */
static const tri_pattern redis[] = {
	/* its first line, the signal by number: "Redis 2.4.10 crashed by
	** signal: 11" */
	{R_SIGNAL, "crashed by signal: ", NULL, 3, 0,
	 "\\bcrashed by signal: (?<sig>\\d+)\\b"},
	{R_EVENT, "==> ", "assert", 2, 0,
	 "^==> (?<file>[^\\s:]+):(?<line>\\d+) '(?<msg>.*)' is not true"},
};

/* Chapel's compiler: "f.chpl:2: internal error: UTI-MIS-0602 chpl
** version 1.19.0", the code naming the check (its file and line). */
static const tri_pattern chapel[] = {
	{R_EVENT, "internal error: ", "chapel-internal", 2, TRI_PLACE,
	 "(?:^|\\s)internal error: (?<file>[A-Z]{3}(?:-[A-Z]{3})*)-?(?<line>\\d{4}) chpl [Vv]ersion "},
};

/* ggml's abort, "clip.cpp:4169: Unknown minicpmv version", whose words
** an abort that says none takes; after every format whose frames or
** reports look like it (V's "f.c:23118: by name"). */
static const tri_pattern ggml_abort[] = {
	{R_EVENT, ".c", "ggml-abort", TRI_PRIO_MESSAGE, TRI_WHOLE,
	 "^(?<file>[\\w./-]*\\w\\.(?:c|cc|cpp|cu)):(?<line>\\d+): (?<msg>[A-Za-z][^:]*?)\\s*$"},
};

/* Dart's uncaught exception: "Unhandled exception:" above its text,
** or the text after the analysis server's "FATAL error: ", Flutter's
** "[ERROR:...] Unhandled Exception: " or pub's "threw error: ", valid
** once a Dart frame follows. Its message quotes the program's names
** ("The getter 'isEof' was called on null"). */
static const tri_pattern dart[] = {
	{R_NEXTMSG, "Unhandled exception:", "dart-exception", 2, TRI_NAMES,
	 "^Unhandled exception:\\s*$"},
	{R_JSERR, " error: ", "dart-exception", 2, TRI_NAMES,
	 "(?:^|\\s|\\])(?:FATAL error|threw error): (?<msg>\\S.*?)\\s*$"},
	{R_JSERR, "Unhandled Exception: ", "dart-exception", 2, TRI_NAMES,
	 "(?:^|\\s|\\])Unhandled Exception: (?<msg>\\S.*?)\\s*$"},
};

/* Godot's crash handler: "handle_crash: Program crashed with signal 11",
** then, under "Dumping the backtrace.", frames numbered "[3] ": Godot 4's "[3] 625df86d77b9 (main+d3447b9)
** - Node::f() at /s/node.cpp:95" (or, with no symbol, the module's
** "- /lib/libc.so.6(+0x45cb0) [0x7f..]"), Godot 3's backtrace_symbols()
** "[1] /lib/libc.so.6(+0x3ef20) [0x7f..] (??:0)" and "[2] Node::f()
** (/s/node.cpp:1434)", and macOS's "[3] Node::f() (in godot.osx) (node.cpp:2223)". */
static const tri_pattern godot[] = {
	{R_SIGNAL, "Program crashed with signal ", NULL, 3, 0,
	 "handle_crash: Program crashed with signal (?<sig>\\d+)"},
	{R_STACK, "Dumping the backtrace", NULL, 0, 0, "^Dumping the backtrace"},
	{R_FRAME, ") - ", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^\\[(?<idx>\\d+)\\] [0-9a-fA-F]+ \\((?<module>[^\\s()+]+)\\+(?<off>[0-9a-fA-F]+)\\) - "
	 "(?:\\S+\\(\\+0x[0-9a-fA-F]+\\) \\[0x[0-9a-fA-F]+\\]|(?<func>.+?)(?: at (?<file>\\S+?)(?::(?<line>\\d+))?)?)\\s*$"},
	{R_FRAME, ") [0x", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^\\[(?<idx>\\d+)\\] (?<module>[^\\s(\\[]+)\\((?:(?<func>[^()+\\s][^()+]*))?\\+0x(?<off>[0-9a-fA-F]+)\\)"
	 " \\[0x[0-9a-fA-F]+\\](?: \\([^()]*\\))?\\s*$"},
	{R_FRAME, "] ", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^\\[(?<idx>\\d+)\\] (?<func>[A-Za-z_~][^\\[]*?) (?:\\(in [^()\\s]+\\) )?\\((?<file>[^\\s():]+):(?<line>\\d+)\\)\\s*$"},
};

/* Bun's crash report as bun.report writes it in Markdown: "**panic**:
** Internal assertion failure", then frames "- [`body.zig:98`](url):
** `deinit`" or "- `uv_run`". */
static const tri_pattern bun[] = {
	{R_STACK, "**panic**: ", "bun-panic", 2, 0, "^\\*\\*panic\\*\\*: (?<msg>.*?)\\s*$"},
	{R_FRAME, "- ", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^- (?:\\[`(?<file>[^`:]+):(?<line>\\d+)`\\]\\([^)]*\\): )?`(?<func>[^`]+)`\\s*$"},
};

/* Erlang's exception, "exception error: no match of right hand side
** value false" (after the compiler's "internal error in pass p:"), with
** its frames "  in function  beam_ssa_type:f/2 (beam_ssa_type.erl, line
** 2592)" or "(f.erl:2585)", then "  in call from ..."; Elixir's "**
** (CompileError) msg" with frames "    (stdlib 4.0.1) lists.erl:1442:
** :lists.foreach_1/2". Names keep their arity. */
static const tri_pattern erlang[] = {
	{R_STACK, "exception ", "erlang:", 2, 0,
	 "^(?:\\*\\* )?exception (?<kind>error|exit|throw): (?<msg>.*?)\\s*$"},
	{R_FRAME, "in ", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^\\s+in (?:function|call from)\\s+(?<func>[^\\s(]+)"
	 "(?: \\((?<file>[^\\s,():]+)(?::(?<line>\\d+)|, line (?<line>\\d+))\\))?\\s*$"},
	{R_STACK, "** (", "elixir:", 2, 0,
	 "^\\*\\* \\((?<kind>[A-Z][\\w.]*)\\) (?<msg>.*?)\\s*$"},
	{R_FRAME, ") ", NULL, 0, TRI_CONTEXT | TRI_OWN,
	 "^\\s+\\([a-z_]\\w* [\\w.-]+\\) (?<file>[^\\s:]+):(?<line>\\d+): (?<func>\\S.*?)\\s*$"},
};

/* Node.js uncaught errors (onnxruntime-node included). */
static const tri_pattern node[] = {
	{R_JSERR, NULL, "node:", 4, 0,
	 "^(?:Uncaught |ERROR: )?(?<kind>[A-Z]\\w*(?:Error|Exception)|Error)(?: \\[[A-Z0-9_]+\\])?: (?<msg>.*?)\\s*$"},
	{R_FRAME, "at ", NULL, 0, TRI_CONTEXT,
	 "^\\s+at (?:async )?(?:new )?(?<func>[^\\s(][^(]*?) \\((?<file>.+?):(?<line>\\d+):\\d+\\)\\s*$"},
	{R_FRAME, "at ", NULL, 0, TRI_CONTEXT,
	 "^\\s+at (?:async )?(?<file>[^\\s(].*?):(?<line>\\d+):\\d+\\s*$"},
};

/* Stacks pasted without a report: TVM's "[bt] (3) lib.so(f+0x1b) [0x7f..]",
** numbered down to (0); and frames numbered "  12: name", each maybe
** with an "at file:line" line under it, as TVM and rustc print them,
** once above their header was cut. Such a line could be anything
** numbered: the stack counts with TRI_WEAK_MIN frames one after another,
** whose name looks like a function's ("a::b", "f(...)", one word, an
** address). */
static const tri_pattern frames[] = {
	/* glibc's backtrace_symbols(), which crash handlers print:
	** "./prog(f+0x1b) [0x4005d4]", "/lib/libc.so.6(+0x3ef20) [0x7f..]",
	** also behind DALI's "[frame 3]: " and strace's " > " */
	{R_FRAME, ") [0x", NULL, 0, 0,
	 "^(?:\\[frame (?<idx>\\d+)\\]: |\\s*> |\\s*)(?<module>[^\\s(\\[]+)\\((?:(?<func>[^()+\\s][^()+]*))?"
	 "\\+0x(?<off>[0-9a-fA-F]+)\\) \\[0x(?<addr>[0-9a-fA-F]+)\\]\\s*$"},
	/* ... and without its blank, as glibc's abort prints it, Redis's
	** report (the module named with the address it listens on:
	** "redis-server *:6379(f+0x4b1)[0x44a201]") and Open MPI's handler
	** (behind its frame number, "[ 3] ") */
	{R_FRAME, ")[0x", NULL, 0, 0,
	 "^(?:\\[ *(?<idx>\\d+)\\] (?<module>[^\\s(\\[]+)|(?<module>[^\\s(\\[]+)(?: [^()\\[]*?)?(?: \\[\\w+\\])?)"
	 "\\((?:(?<func>[^()+\\s][^()+]*))?\\+0x(?<off>[0-9a-fA-F]+)\\)\\s*\\[0x(?<addr>[0-9a-fA-F]+)\\]\\s*$"},
	/* Boost.Stacktrace's (Doris): "0# f(int) at /s/x.h:407", "1# g in
	** /lib/libjvm.so" */
	{R_FRAME, "# ", NULL, 0, TRI_DIGIT,
	 "^\\s*(?<idx>\\d+)# (?<func>\\S.*?)(?: at (?<file>\\S+?):(?<line>\\d+)| in (?<module>\\S+))?\\s*$"},
	{R_FRAME, "[bt]", NULL, 0, 0,
	 "^\\s*\\[bt\\] \\((?<idx>\\d+)\\)\\s*(?<module>[^\\s(]+)\\((?<func>.*?)"
	 "\\+0x(?<off>[0-9a-fA-F]+)\\) \\[0x(?<addr>[0-9a-fA-F]+)\\]\\s*$"},
	{R_FRAME, ": ", NULL, 0, TRI_WEAK | TRI_DIGIT,
	 "^\\s+(?<idx>\\d+): +(?:0x(?<addr>[0-9a-fA-F]+)|"
	 "(?<func>[A-Za-z_~<][^\\s:(]*(?:::|\\().*?|[A-Za-z_]\\w*))\\s*$"},
	{R_AT, "at ", NULL, 0, TRI_CONTEXT | TRI_WEAK,
	 "^\\s+at (?<file>\\S.*?):(?<line>\\d+)(?::\\d+)?\\s*$"},
};

/* strace's note of a signal, "--- SIGSEGV {si_signo=SIGSEGV, ...} ---";
** with -k its frames, " > /lib/libx.so(f+0x95) [0x8706]", are
** backtrace_symbols()'s behind a leader. */
static const tri_pattern strace[] = {
	{R_SIGNAL, "{si_signo=", NULL, 3, 0,
	 "^--- (?<sig>SIG[A-Z]+) \\{si_signo="},
};

/* What shells print when a process dies of a signal: dash the bare
** words, bash "line 1: PID Segmentation fault (core dumped) CMD". */
static const tri_pattern shell[] = {
	{R_SIGNAL, NULL, NULL, 5, 0,
	 "(?:^|\\d\\s+)(?<sig>Segmentation fault|Aborted|Floating point exception|"
	 "Illegal instruction|Bus error|Trace/breakpoint trap|Abort trap)"
	 "(?: \\(core dumped\\)|: \\d+\\s*$)?(?:\\s|$)"},
	/* zsh: "zsh: segmentation fault  ./prog args", and its job's
	** "[1]    11767 segmentation fault (core dumped)  python" */
	{R_SIGNAL, "zsh: ", NULL, 5, 0,
	 "^zsh: (?<sig>segmentation fault|abort|bus error|illegal hardware instruction|"
	 "floating point exception)\\s"},
	{R_SIGNAL, "] ", NULL, 5, 0,
	 "^\\[\\d+\\]\\s+(?:[+-]\\s+)?\\d+ (?<sig>segmentation fault|abort|bus error|"
	 "illegal hardware instruction|floating point exception)\\s"},
	/* the kernel's log: "prog[4242]: segfault at 8 ip 00007f8f sp
	** 00007ffd error 4 in libllama.so[7f8f+103000]", "traps: prog[42]
	** general protection fault ip:..." */
	{R_SIGNAL, "]: segfault at ", NULL, 5, TRI_WORDS,
	 "\\S\\[\\d+\\]: (?<sig>segfault) at [0-9a-fA-F]+ ip "},
	{R_SIGNAL, "general protection", NULL, 5, TRI_WORDS,
	 "\\S\\[\\d+\\] (?<sig>general protection) fault ip:"},
	/* Windows: a process's NTSTATUS exit code ("Process finished with
	** exit code -1073741819 (0xC0000005)") */
	{R_SIGNAL, "exit code ", NULL, 5, TRI_WORDS,
	 "exit code -?\\d+ \\((?<sig>0x[Cc]0000(?:005|0[Ff][Dd]|409|094|01[Dd]))\\)"},
	/* an IDE's run window: "Process finished with exit code 139
	** (interrupted by signal 11: SIGSEGV)" */
	{R_SIGNAL, "interrupted by signal", NULL, 5, TRI_WORDS,
	 "interrupted by signal \\d+: ?(?<sig>SIG[A-Z]+)\\)"},
};

/* Order matters: the first pattern that claims a line wins. */
const tri_format tri_formats[] = {
	{"sanitizer", FAM_NATIVE, sanitizer, N(sanitizer)},
	{"android", FAM_NATIVE, android, N(android)},
	{"dart", FAM_MANAGED, dart_vm, N(dart_vm)},
	{"gdb", FAM_NATIVE, gdb, N(gdb)},
	{"lldb", FAM_NATIVE, lldb, N(lldb)},
	{"rust", FAM_RUST, rust, N(rust)},
	{"gcc", FAM_NATIVE, gcc, N(gcc)},
	{"go", FAM_MANAGED, go, N(go)},
	{"onnxruntime", FAM_PYTHON, onnxruntime, N(onnxruntime)},
	{"pytorch", FAM_PYTHON, pytorch, N(pytorch)},
	{"duckdb", FAM_NATIVE, duckdb, N(duckdb)},
	{"paddle", FAM_NATIVE, paddle, N(paddle)},
	{"python", FAM_PYTHON, python, N(python)},
	{"c10", FAM_NATIVE, c10, N(c10)},
	{"torch-tensorrt", FAM_NATIVE, torch_tensorrt, N(torch_tensorrt)},
	{"msvc", FAM_NATIVE, msvc, N(msvc)},
	{"llvm", FAM_NATIVE, llvm, N(llvm)},
	{"gpu", FAM_NATIVE, gpu, N(gpu)},
	{"glibc", FAM_NATIVE, glibc, N(glibc)},
	{"glog", FAM_NATIVE, glog, N(glog)},
	{"halide", FAM_NATIVE, halide, N(halide)},
	{"tensorrt", FAM_NATIVE, tensorrt, N(tensorrt)},
	{"tensorrt-llm", FAM_NATIVE, trtllm, N(trtllm)},
	{"openmpi", FAM_NATIVE, openmpi, N(openmpi)},
	{"kernel", FAM_NATIVE, kernel, N(kernel)},
	{"taichi", FAM_NATIVE, taichi, N(taichi)},
	{"tvm", FAM_NATIVE, tvm_ffi, N(tvm_ffi)},
	{"ucx", FAM_NATIVE, ucx, N(ucx)},
	{"julia", FAM_NATIVE, julia, N(julia)},
	{"node-fatal", FAM_NATIVE, node_fatal, N(node_fatal)},
	{"dotnet", FAM_MANAGED, dotnet, N(dotnet)},
	{"zig", FAM_NATIVE, zig, N(zig)},
	{"windbg", FAM_NATIVE, windbg, N(windbg)},
	{"onnxruntime", FAM_PYTHON, onnxruntime_log, N(onnxruntime_log)},
	{"clickhouse", FAM_NATIVE, clickhouse, N(clickhouse)},
	{"nim", FAM_NATIVE, nim, N(nim)},
	{"odin", FAM_NATIVE, odin, N(odin)},
	{"valgrind", FAM_NATIVE, valgrind, N(valgrind)},
	{"v", FAM_NATIVE, vlang, N(vlang)},
	{"hhvm", FAM_NATIVE, hhvm, N(hhvm)},
	{"crystal", FAM_NATIVE, crystal, N(crystal)},
	{"tenstorrent", FAM_NATIVE, tenstorrent, N(tenstorrent)},
	{"redis", FAM_NATIVE, redis, N(redis)},
	{"chapel", FAM_NATIVE, chapel, N(chapel)},
	{"abort-at", FAM_NATIVE, abort_at, N(abort_at)},
	{"objc", FAM_NATIVE, objc, N(objc)},
	{"ggml-abort", FAM_NATIVE, ggml_abort, N(ggml_abort)},
	{"godot", FAM_NATIVE, godot, N(godot)},
	{"bun", FAM_NATIVE, bun, N(bun)},
	{"erlang", FAM_MANAGED, erlang, N(erlang)},
	{"dart", FAM_MANAGED, dart, N(dart)},
	{"node", FAM_NODE, node, N(node)},
	{"java", FAM_MANAGED, java, N(java)},
	{"strace", FAM_NATIVE, strace, N(strace)},
	{"frames", FAM_NATIVE, frames, N(frames)},
	{"shell", FAM_NATIVE, shell, N(shell)},
};
const size_t tri_nformats = N(tri_formats);

static const struct {
	const char *word, *kind, *name;
} signals[] = {
	{"SIGSEGV", "crash", "SIGSEGV"}, {"Segmentation fault", "crash", "SIGSEGV"},
	{"SIGBUS", "crash", "SIGBUS"}, {"Bus error", "crash", "SIGBUS"},
	{"SIGFPE", "crash", "SIGFPE"}, {"Floating point exception", "crash", "SIGFPE"},
	{"SIGILL", "crash", "SIGILL"}, {"Illegal instruction", "crash", "SIGILL"},
	{"SIGTRAP", "crash", "SIGTRAP"}, {"Trace/breakpoint trap", "crash", "SIGTRAP"},
	{"EXC_BAD_ACCESS", "crash", "SIGSEGV"}, {"EXC_BAD_INSTRUCTION", "crash", "SIGILL"},
	{"EXC_ARITHMETIC", "crash", "SIGFPE"},
	/* Crystal's words */
	{"Invalid memory access", "crash", "SIGSEGV"}, {"Stack overflow", "crash", "SIGSEGV"},
	{"SIGABRT", "abort", "SIGABRT"}, {"Aborted", "abort", "SIGABRT"},
	/* macOS shells' words ("Abort trap: 6") and the kernel's */
	{"Abort trap", "abort", "SIGABRT"}, {"segfault", "crash", "SIGSEGV"},
	{"general protection", "crash", "SIGSEGV"},
	/* zsh's words */
	{"segmentation fault", "crash", "SIGSEGV"}, {"bus error", "crash", "SIGBUS"},
	{"illegal hardware instruction", "crash", "SIGILL"},
	{"floating point exception", "crash", "SIGFPE"}, {"abort", "abort", "SIGABRT"},
	/* Go's */
	{"aborted", "abort", "SIGABRT"}, {"illegal instruction", "crash", "SIGILL"},
	/* Windows' NTSTATUS: access violation, stack overflow, fail-fast (the
	** C runtime's abort), integer division by zero, illegal instruction */
	{"0xC0000005", "crash", "SIGSEGV"}, {"0xc0000005", "crash", "SIGSEGV"},
	{"0xC00000FD", "crash", "SIGSEGV"}, {"0xc00000fd", "crash", "SIGSEGV"},
	{"0xC0000409", "abort", "SIGABRT"}, {"0xc0000409", "abort", "SIGABRT"},
	{"0xC0000094", "crash", "SIGFPE"}, {"0xc0000094", "crash", "SIGFPE"},
	{"0xC000001D", "crash", "SIGILL"}, {"0xc000001d", "crash", "SIGILL"},
	/* a signal by its number (Redis's "crashed by signal: 11") */
	{"11", "crash", "SIGSEGV"}, {"6", "abort", "SIGABRT"}, {"7", "crash", "SIGBUS"},
	{"8", "crash", "SIGFPE"}, {"4", "crash", "SIGILL"}, {"5", "crash", "SIGTRAP"},
};

const char *tri_signal_kind(const char *s, size_t n, const char **name)
{
	size_t i;

	for (i = 0; i < N(signals); i++)
		if (strlen(signals[i].word) == n && !memcmp(signals[i].word, s, n)) {
			*name = signals[i].name;
			return signals[i].kind;
		}
	return NULL;
}

/*
** Frames nobody wants in a signature. Patterns see the normalised
** function name, the module's base name and the file, separately.
** "cut" entries are signal handlers: they and every frame above go.
*/
const tri_ignore tri_ignores[] = {
	{1, "^llvm::sys::(?:RunSignalHandlers|PrintStackTrace|CleanupOnSignal)$"},
	{1, "^(?:SignalHandler|CrashRecoverySignalHandler|__restore_rt|_sigtramp|<signal handler called>)$"},
	/* glibc's sigreturn trampoline as a symbolizer without its own
	** symbol names it (UCX's backtraces) */
	{1, "^__sigaction$"},
	/* glog's, and its copies in other namespaces (Doris's) */
	{1, "^(?:\\w+::)*FailureSignalHandler$|^absl::(?:lts_\\w+::)?AbslFailureSignalHandler$"},
	/* the JVM's signal handler, which a server that embeds one (Doris,
	** StarRocks) chains glog's into; Godot's */
	{1, "^(?:os::Linux::chained_handler|JVM_handle_linux_signal|signalHandler|handle_crash)$"},
	{0, "^llvm::sys::"},
	{0, "^(?:__GI_)?(?:abort|raise|gsignal)$"},
	{0, "^__pthread_kill|^pthread_kill$|^__GI___pthread_kill"},
	{0, "^(?:__GI_)?__assert_fail|^__assert_fail_base$|^__assert_perror_fail$|^__assert_rtn$"},
	/* glibc's heap checks, named by a debugger with libc's symbols */
	{0, "^malloc_printerr$|^_int_(?:free|malloc|realloc)$|^__libc_message$|^cfree$"},
	{0, "^__libc_|^__GI___libc_|^_start$|^call_init$|^__fortify_fail|^__chk_fail|^__stack_chk_fail"},
	{0, "^__(?:asan|lsan|ubsan|msan|tsan|sanitizer|interception)|^_?__interceptor_"},
	/* allocators' own code, by its files */
	{0, "(?:^|/)(?:jemalloc|mimalloc|tcmalloc|gperftools)[-\\d.]*/"},
	{0, "^je_\\w+$"},
	{0, "^(?:malloc|calloc|realloc|free|reallocarray|posix_memalign|aligned_alloc|"
	    "memalign|valloc|operator new|operator delete)(?:\\[\\])?$"},
	{0, "^(?:std|__gnu_cxx|__cxxabiv1)::|^__cxa_|^_Unwind_"},
	{0, "^llvm::(?:report_fatal_error|llvm_unreachable_internal|reportFatal\\w*)$"},
	{0, "^llvm::function_ref::callback_fn$"},
	/* glog's and Abseil's logging, which a fatal check goes through */
	{0, "^absl::(?:lts_\\w+::)?log_internal::|^google::LogMessage\\w*::|"
	    "^google::(?:DumpStackTrace\\w*|LogMessage\\w*)$"},
	{0, "^(?:core|alloc)::(?:panicking|result::unwrap_failed|option::|ops::function::)"},
	{0, "^_?(?:__rustc::)?rust_begin_unwind$|^_?rust_panic|^_?__rust_|^__rustc::"},
	/* RUST_BACKTRACE=full: the printing of the backtrace itself, with
	** crate hashes ("<<std[e28293b1]::sys::backtrace::...") */
	{0, "^<*(?:std|core|alloc)(?:\\[[0-9a-f]+\\])?::"},
	{0, "^\\?\\?\\??$|^<unknown>$|^\\(unknown\\)$"},
	/* GCC's signal handler and its reporting of its own bug, and the
	** pass manager every crash of the compiler goes through */
	{1, "^crash_signal$"},
	{0, "^(?:internal_error(?:_no_backtrace)?|fancy_abort|diagnostic_\\w+|"
	    "diagnostic_context::\\w+|\\w+_check_failed)$"},
	{2, "^(?:toplev::main|do_compile|compile_file|execute_one_pass|execute_pass_list(?:_1)?|"
	    "execute_ipa_pass_list|symbol_table::(?:compile|finalize_compilation_unit)|"
	    "cgraph_node::expand|expand_all_functions)$"},
	/* Go's runtime and its panics, and the JVM's own classes, as a C++
	** program's std:: */
	{0, "^runtime\\.|^runtime/debug\\.|^panic$|^testing\\.tRunner"},
	/* a Go program's recover handler, which prints the stack it is
	** called on (Terraform's) */
	{1, "/logging\\.PanicHandler$"},
	/* an assertion helper ("cty.Value.assertUnmarked"), as
	** __assert_fail: its caller is where the check failed */
	{0, "(?:^|[.:])assert[A-Z]\\w*$"},
	{0, "^(?:java|javax|jdk|sun|kotlin)\\."},
	/* A thread's entry, as _start is the program's */
	{0, "^(?:start_thread|clone3?|BaseThreadInitThunk|RtlUserThreadStart|"
	    "__pthread_start|__start_thread)$"},
	/* Android's runtime (its module), under a JNI call's native frames
	** as CPython's interpreter is under an extension's */
	{0, "^libart\\.so$"},
	/* The drivers every crash of a tool passes through: mlir-opt's main
	** loop and pass manager, a Python binding's dispatch, rustc's
	** compiler thread and query engine, c10's error constructor */
	{2, "^mlir::(?:MlirOptMain|asMainReturnCode|splitAndProcessBuffer|PassManager::run|"
	    "detail::OpToOpPassAdaptor::\\w+)$|^(?:performActions|processBuffer)$"},
	{2, "^pybind11::"},
	/* CPython's interpreter, under every extension's frames */
	{2, "^_?Py(?:Eval|Object|Function|Vectorcall|Run|CFunction|Method)_\\w+$|"
	    "^(?:cfunction_(?:call|vectorcall)\\w*|method_vectorcall\\w*|slot_tp_call|"
	    "vectorcall_method|run_eval_code_obj|run_mod|pymain_\\w+|Py_RunMain|Py_BytesMain|"
	    "function_code_fastcall|_?PyCFunction_\\w+)$"},
	{0, "/Python/ceval\\.c$|/Objects/call\\.c$"},
	/* ... and its binary, where it has no symbols ("python(+0x16d449)") */
	{0, "^python[\\d.]*$|^libpython[\\d.]+\\.so[\\d.]*$"},
	{2, "^<*rustc_(?:driver|driver_impl|interface|query_impl|query_system)(?:\\[[0-9a-f]+\\])?::"},
	/* rustc's reporting of its own bug (bug!(), span_bug!(), the ICE
	** hook), above the frame that found it */
	{0, "^<*rustc_errors(?:\\[[0-9a-f]+\\])?::|"
	    "^<*rustc(?:_middle)?(?:\\[[0-9a-f]+\\])?::util::(?:bug|common::panic_hook)|"
	    "^<*rustc(?:_middle)?(?:\\[[0-9a-f]+\\])?::ty::context::tls::|"
	    "^<*rustc_driver(?:_impl)?(?:\\[[0-9a-f]+\\])?::(?:DEFAULT_HOOK|install_ice_hook|report_ice)|"
	    "^<*backtrace(?:\\[[0-9a-f]+\\])?::(?:backtrace|capture)::"},
	{0, "^c10::Error::Error$|^c10::detail::torch\\w*Fail$"},
	/* TVM's error reporting, and its calls from Python */
	{0, "^tvm::runtime::(?:Backtrace|detail::LogFatal::[\\w:~]+|detail::LogMessage::[\\w:~]+)$"},
	{2, "^TVMFuncCall$"},
	/* Julia's signal handlers and error throwing */
	{1, "^(?:sigdie_handler|segv_handler|jl_\\w*signal\\w*handler)$"},
	{0, "^i?jl_(?:throw|error|errorf|type_error\\w*|bounds_error\\w*|rethrow\\w*)$"},
	/* Node.js's fatal error reporting */
	{0, "^node::(?:OnFatalError|Abort|FatalError|Assert|DumpBacktrace|OOMErrorHandler)$|"
	    "^v8::Utils::ReportApiFailure$|^v8::base::OS::Abort$|^V8_Fatal$|^v8::internal::V8::FatalProcessOutOfMemory$"},
	/* Zig's panic machinery and standard library checks */
	{0, "^(?:default_panic|defaultPanic|panicExtra|panicOutOfBounds|panicUnwrapError|"
	    "panicSentinelMismatch|panicStartGreaterThanEnd|panicInactiveUnionField|outOfBounds|"
	    "stage2_panic|src_assert|ir_assert\\w*)$|/std/debug\\.zig$|/std/builtin\\.zig$"},
	/* Bun's */
	{0, "^(?:assertionFailure|crash_handler\\.\\w+)$|^(?:debug|output|crash_handler)\\.zig$"},
	/* Windows' exception raising and C runtimes, LLVM's assert in DXC */
	{0, "^(?:KERNELBASE|ntdll|kernel32|ucrtbased?|msvcrt|vcruntime\\w*|VCRUNTIME\\w*|MSVCP\\w*)$"},
	{0, "^llvm_assert$"},
	/* JerryScript's, ClickHouse's, Nim's and V's reporting of their own
	** errors; V's builtin module, as C++'s std:: */
	{0, "^jerry_(?:port_)?fatal$|^jerry_assert_fail$|^jerry_unreachable$"},
	{0, "^DB::Exception::|^StackTrace::|^DB::abortOnFailedAssertion$|^DB::\\(anonymous namespace\\)::terminate_handler"},
	{0, "^(?:internalError|internalErrorImpl|liMessage|handleError|rawMessage|sysFatal|"
	    "raiseRecoverableError|globalError|localError|lintReport)$"},
	{2, "^(?:nim|handleCmdLine|mainCommand|commandCompileToC|compileProject|compileModule|"
	    "processModule|processModuleAux|processTopLevelStmt)$"},
	{0, "^builtin__|^_*v_panic$|^panic_debug$|^v__ast__default_table_panic_handler$"},
	/* Redis's and Valkey's signal handler, the printing of its report,
	** its assert */
	{1, "^sigsegvHandler$"},
	{0, "^(?:logStackTrace|_serverAssert\\w*|_redisAssert\\w*|serverAssert\\w*)$"},
	/* a crash handler's wait for the debugger it started (ggml's
	** backtrace through gdb), and libgcc's unwinder */
	{0, "^(?:__GI_)?_*(?:thr_)?wait(?:4|pid)$|^x86_64_fallback_frame_state$|^uw_frame_state_for$"},
	/* ggml's and Paddle's error reporting */
	{0, "^ggml_(?:abort|print_backtrace\\w*|log_\\w+|cuda_error)$"},
	{0, "^(?:paddle::platform|phi|common)::(?:EnforceNotMet::\\w+|enforce::\\w+|"
	    "GetCurrentTraceBackString\\w*)$"},
	/* TensorRT-LLM's exception, which takes a backtrace */
	{0, "^tensorrt_llm::common::(?:throwRuntimeError|TllmException::TllmException)$"},
	/* DuckDB's and HHVM's exceptions, which take a backtrace */
	{0, "^duckdb::(?:InternalException::InternalException|DuckDBAssertInternal|Exception::Exception)$"},
	{0, "^HPHP::(?:createBacktrace|ExtendedException::\\w+|StackTraceNoHeap::\\w+|bt_handler)$"},
	{0, "^__kernel_vsyscall$|^vgpreload_"},
	/* Crystal's signal handler and backtrace printing, raise, and the
	** runtime's entry into the program */
	{1, "^(?:__crystal_sigfault_handler|sigfault_handler|CallStack::\\w+)$"},
	{0, "^(?:raise|__crystal_raise|Exception::CallStack::\\w+)$"},
	{2, "^Crystal::(?:main|main_user_code)$"},
	/* Taichi's logger and signal handler */
	{1, "^taichi::signal_handler$"},
	{0, "^taichi::Logger::\\w+$"},
	{0, "^(?:libc|libm|libdl|libpthread|librt|ld-linux[\\w-]*|libasan|libubsan|liblsan|"
	    "libtsan|libmsan|libclang_rt[\\w.-]*|libstdc\\+\\+|libc\\+\\+|libc\\+\\+abi|"
	    "libgcc_s)\\.so"},
	{0, "^linux-vdso|^\\[vdso\\]"},
	{0, "^node:internal/|^internal/|^<frozen "},
	/* Dart's core libraries, and the analysis server's handler every
	** error it reports passes through */
	{0, "^dart:"},
	{0, "^Driver\\._captureExceptions\\."},
};
const size_t tri_nignores = N(tri_ignores);
