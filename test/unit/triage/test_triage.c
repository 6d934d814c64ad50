/*
** Unit tests of triage/: each crash format, normalisation, signatures,
** bad logs, bounded reads and the store.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "parse.h"
#include "triage.h"

static int similar(const char *a, const char *b);

static triage_sig sig_of(const char *log, int frames)
{
	triage_options o;
	triage_sig s;
	gred_error e;

	triage_options_init(&o);
	if (frames)
		o.frames = frames;
	if (triage_sig_compute(&s, log, strlen(log), &o, &e) < 0)
		fail_msg("triage_sig_compute: %s", e.msg);
	return s;
}

static void expect_sig(const char *log, const char *kind, const char *msg,
	const char *f0, const char *f1, const char *f2)
{
	triage_sig s = sig_of(log, 0);
	const char *want[3] = {f0, f1, f2};
	size_t n = 0, k;

	for (k = 0; k < 3; k++)
		if (want[k])
			n = k + 1;
	assert_true(s.crashed);
	assert_string_equal(s.kind, kind);
	assert_string_equal(s.message, msg);
	assert_int_equal(s.nframes, n);
	for (k = 0; k < n; k++)
		assert_string_equal(s.frames[k], want[k]);
	triage_sig_free(&s);
}

/* A log that says too little to group: its message starts with what
** was read, and ends naming the log itself. */
static void expect_alone(const char *log, const char *kind, const char *msg)
{
	triage_sig s = sig_of(log, 0);

	assert_true(s.crashed);
	assert_string_equal(s.kind, kind);
	assert_int_equal(strncmp(s.message, msg, strlen(msg)), 0);
	assert_non_null(strstr(s.message + strlen(msg), "nothing read but a crash; log "));
	triage_sig_free(&s);
}

static char *slurp(const char *rel)
{
	const char *src = getenv("GRED_SRC");
	char *path, *data;
	size_t len;
	gred_error e;

	path = xasprintf("%s/%s", src ? src : "../../..", rel);
	if (file_read(&data, &len, path, 0, &e) < 0)
		fail_msg("%s", e.msg);
	free(path);
	return data;
}

static const char llvm_nosym[] =
	"PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include the crash backtrace.\n"
	"Stack dump:\n"
	"0.\tProgram arguments: mlir-opt-19 --test-print-dominance\n"
	"Stack dump without symbol names (ensure you have llvm-symbolizer in your PATH):\n"
	"0  libLLVM.so.19.1 0x00007ffff10b73c6 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) + 54\n"
	"1  libLLVM.so.19.1 0x00007ffff10b5070 llvm::sys::RunSignalHandlers() + 80\n"
	"2  libLLVM.so.19.1 0x00007ffff10b7a8b\n"
	"3  libc.so.6       0x00007ffff005a050\n"
	"4  mlir-opt-19     0x000055555890a053 mlir::StringAttr::getValue() const + 3\n"
	"5  mlir-opt-19     0x000055555875e762\n"
	"6  mlir-opt-19     0x000055555884af4f mlir::detail::OpToOpPassAdaptor::run(mlir::Pass*, mlir::Operation*, mlir::AnalysisManager, bool, unsigned int) + 639\n"
	"7  mlir-opt-19     0x000055555884b677 mlir::detail::OpToOpPassAdaptor::runPipeline(mlir::OpPassManager&) + 311\n";

static void test_triage__llvm_stack_dump_without_symbols(void **state)
{
	(void)state;
	/* The pass manager below the pass is every pass's: no frame. */
	expect_sig(llvm_nosym, "crash", "", "mlir::StringAttr::getValue",
		"mlir-opt@0x762", NULL);
}

static void test_triage__llvm_symbolised_equals_unsymbolised(void **state)
{
	char *a = slurp("test/triage/corpus/mlir-print-dominance/sym-smith_temp01269162521801285632.log");
	char *b = slurp("test/triage/corpus/mlir-print-dominance/smith_temp01004710739588206080.log");
	triage_sig sa = sig_of(a, 0), sb = sig_of(b, 0);

	(void)state;
	assert_true(triage_sig_equal(&sa, &sb));
	triage_sig_free(&sa);
	triage_sig_free(&sb);
	free(a);
	free(b);
}

static void test_triage__llvm_error_and_abort(void **state)
{
	(void)state;
	expect_sig("LLVM ERROR: SmallVector unable to grow. Requested capacity (4294967296) is larger than maximum value for size type (4294967295)\n"
		"Stack dump:\n"
		"0  libLLVM.so.19.1 0x00007ffff10b73c6 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) + 54\n"
		"1  libLLVM.so.19.1 0x00007ffff10b5070 llvm::sys::RunSignalHandlers() + 80\n"
		"2  libLLVM.so.19.1 0x00007ffff10b7a8b\n"
		"3  libc.so.6       0x00007ffff005a050\n"
		"4  libc.so.6       0x00007ffff00a8eec\n"
		"5  libc.so.6       0x00007ffff0059fb2 gsignal + 18\n"
		"6  libc.so.6       0x00007ffff0044472 abort + 211\n"
		"7  libLLVM.so.19.1 0x00007ffff0f3f13f\n"
		"8  libLLVM.so.19.1 0x00007ffff0f7e1c0 llvm::SmallVectorBase<unsigned int>::grow_pod(void*, unsigned long, unsigned long) + 48\n",
		"llvm-error",
		"SmallVector unable to grow. Requested capacity (N) is larger than maximum value for size type (N)",
		"libLLVM.so.19.1@0x13f", "llvm::SmallVectorBase::grow_pod", NULL);
	expect_sig("Stack dump:\n"
		"0  libLLVM.so.19.1 0x00007ffff10b5070 llvm::sys::RunSignalHandlers() + 80\n"
		"1  libc.so.6       0x00007ffff005a050\n"
		"2  libc.so.6       0x00007ffff0044472 abort + 211\n"
		"3  mlir-opt-19     0x000055555877ce36\n",
		"abort", "", "mlir-opt@0xe36", NULL, NULL);
	/* clang's crash recovery handler is a signal handler: a stack cut
	** below it has no frame of the crash */
	expect_sig("gear-cc: /b/src/Spin.cpp:41: void gear::Spin::turn(int): Assertion `n > 0' failed.\n"
		"Stack dump:\n"
		" #0 0x0000000003f98e38 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) (/b/bin/gear-cc+0x3f98e38)\n"
		" #1 0x0000000003f96ac4 llvm::sys::CleanupOnSignal(unsigned long) (/b/bin/gear-cc+0x3f96ac4)\n"
		" #2 0x0000000003edb6f8 CrashRecoverySignalHandler(int) CrashRecoveryContext.cpp:0:0\n",
		"assert", "gear::Spin::turn: n > 0 at Spin.cpp", NULL, NULL, NULL);
}

static void test_triage__assertion(void **state)
{
	(void)state;
	expect_sig("mlir-opt: /build/llvm/include/llvm/Support/Casting.h:566: decltype(auto) llvm::cast(const From&) [with To = mlir::IntegerType; From = mlir::Type]: Assertion `isa<To>(Val) && \"cast<Ty>() argument of incompatible type!\"' failed.\n"
		"PLEASE submit a bug report\nStack dump:\n"
		" #0 0x000055d6 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) /src/llvm/lib/Support/Unix/Signals.inc:723:13\n"
		" #1 0x000055d7 SignalHandler(int) /src/llvm/lib/Support/Unix/Signals.inc:106:18\n"
		" #2 0x00007f5a6d642520 (/lib/x86_64-linux-gnu/libc.so.6+0x42520)\n"
		" #3 0x00007f5a6d6969fc pthread_kill (/lib/x86_64-linux-gnu/libc.so.6+0x969fc)\n"
		" #4 0x00007f5a6d642476 raise (/lib/x86_64-linux-gnu/libc.so.6+0x42476)\n"
		" #5 0x00007f5a6d6287f3 abort (/lib/x86_64-linux-gnu/libc.so.6+0x287f3)\n"
		" #6 0x00007f5a6d62871b (/lib/x86_64-linux-gnu/libc.so.6+0x2871b)\n"
		" #7 0x00007f5a6d639e96 (/lib/x86_64-linux-gnu/libc.so.6+0x39e96)\n"
		" #8 0x000055d6a1b2c3d4 decltype(auto) llvm::cast<mlir::IntegerType, mlir::Type>(mlir::Type const&) /src/llvm/include/llvm/Support/Casting.h:566:3\n"
		" #9 0x000055d6a1b2c3d5 (anonymous namespace)::WidenPattern::matchAndRewrite(mlir::arith::AddIOp, mlir::PatternRewriter&) const /src/mlir/lib/Foo.cpp:12:7\n"
		"#10 0x000055d6a1b2c3d6 mlir::PatternApplicator::matchAndRewrite(mlir::Operation*, mlir::PatternRewriter&, llvm::function_ref<bool (mlir::Pattern const&)>) /src/mlir/lib/Rewrite/PatternApplicator.cpp:200:25\n",
		"assert",
		"llvm::cast [To = mlir::IntegerType, From = mlir::Type]: isa<To>(Val) && \"cast<Ty>() argument of incompatible type!\"",
		"llvm::cast", "WidenPattern::matchAndRewrite",
		"mlir::PatternApplicator::matchAndRewrite");
}

static void test_triage__assertion_keeps_template_arguments(void **state)
{
	static const char *cases[][2] = {
		/* GCC: typedefs and unnamed parameters go, integers by Clang's names */
		{"T& llvm::SmallVectorTemplateCommon<T, <template-parameter-1-2> >::operator[](size_type) [with T = long int; <template-parameter-1-2> = void; reference = long int&; size_type = long unsigned int]",
		 " [T = long]"},
		{"reference llvm::SmallVectorTemplateCommon<long>::operator[](size_type) [T = long]",
		 " [T = long]"},
		{"void f() [with _Tp = std::__cxx11::basic_string<char>; _Alloc = std::allocator<std::__cxx11::basic_string<char> >]",
		 " [_Tp = std::basic_string<char>, _Alloc = std::allocator<std::basic_string<char>>]"},
		{"void g() [with long unsigned int N = 3; F = void (*)(int, int)]",
		 " [N = 3, F = void (*)(int, int)]"},
		{"void h() [with Key = std::pair<long long unsigned int, short int>]",
		 " [Key = std::pair<unsigned long long, short>]"},
		{"check_rank", ""},
		{"std::string foo[abi:cxx11](int)", ""},
	};
	static const char *const elems[] = {"long int", "unsigned int",
		"mlir::Value", "mlir::utils::IteratorType"};
	triage_sig s[4];
	size_t i, j;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		gred_buf b = {0};
		buf_puts(&b, "");
		tri_norm_template_args(&b, cases[i][0], strlen(cases[i][0]));
		assert_string_equal(b.data, cases[i][1]);
		buf_free(&b);
	}
	/* One assertion in one templated function, four element types: four
	** bugs, told apart by nothing but T. */
	for (i = 0; i < 4; i++) {
		char *log = xasprintf("a.out: SmallVector.h:298: T& llvm::SmallVectorTemplateCommon<T, <template-parameter-1-2> >::operator[](size_type) [with T = %s; <template-parameter-1-2> = void; reference = %s&; size_type = long unsigned int]: Assertion `idx < size()' failed.\n",
			elems[i], elems[i]);
		s[i] = sig_of(log, 0);
		free(log);
	}
	assert_string_equal(s[0].message,
		"llvm::SmallVectorTemplateCommon::operator[] [T = long]: idx < size() at SmallVector.h");
	for (i = 0; i < 4; i++)
		for (j = i + 1; j < 4; j++)
			assert_false(triage_sig_equal(&s[i], &s[j]));
	for (i = 0; i < 4; i++)
		triage_sig_free(&s[i]);
	/* Clang's spelling of the first is the same bug. */
	s[0] = sig_of("a.out: SmallVector.h:298: reference llvm::SmallVectorTemplateCommon<long>::operator[](size_type) [T = long]: Assertion `idx < size()' failed.\n", 0);
	s[1] = sig_of("a.out: SmallVector.h:298: T& llvm::SmallVectorTemplateCommon<T, <template-parameter-1-2> >::operator[](size_type) [with T = long int; <template-parameter-1-2> = void; reference = long int&; size_type = long unsigned int]: Assertion `idx < size()' failed.\n", 0);
	assert_true(triage_sig_equal(&s[0], &s[1]));
	triage_sig_free(&s[0]);
	triage_sig_free(&s[1]);
}

static void test_triage__bsd_assertion(void **state)
{
	triage_sig a, b;

	(void)state;
	/* macOS, no frames: where it failed stands in for them. */
	expect_sig("Assertion failed: (isa<To>(Val) && \"cast<Ty>() argument of incompatible type!\"), function cast, file Casting.h, line 566.\n"
		"PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include the crash backtrace.\n",
		"assert",
		"cast: isa<To>(Val) && \"cast<Ty>() argument of incompatible type!\" at Casting.h",
		NULL, NULL, NULL);
	/* With the LLVM stack dump that follows it on macOS. */
	expect_sig("Assertion failed: (idx < size()), function operator[], file SmallVector.h, line 291.\n"
		"Stack dump:\n"
		"0  mlir-opt                 0x0000000104f1c5d4 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) + 56\n"
		"1  mlir-opt                 0x0000000104f1a6f0 llvm::sys::RunSignalHandlers() + 112\n"
		"2  libsystem_platform.dylib 0x000000018e2d2a24 _sigtramp + 56\n"
		"3  libsystem_c.dylib        0x000000018e1a3ae8 abort + 180\n"
		"4  libsystem_c.dylib        0x000000018e1a2e44 __assert_rtn + 272\n"
		"5  mlir-opt                 0x0000000105a0c2f0 mlir::foldShape(mlir::Operation*) + 612\n"
		"6  mlir-opt                 0x0000000105a0b120 mlir::ShapePass::runOnOperation() + 96\n",
		"assert", "operator[]: idx < size()", "mlir::foldShape",
		"mlir::ShapePass::runOnOperation", NULL);
	/* Two assertions of one line differ by their condition. */
	a = sig_of("Assertion failed: (x > 0), function f, file a.c, line 3.\n", 0);
	b = sig_of("Assertion failed: (x > 1), function f, file a.c, line 3.\n", 0);
	assert_string_equal(a.message, "f: x > 0 at a.c");
	assert_false(triage_sig_equal(&a, &b));
	triage_sig_free(&a);
	triage_sig_free(&b);
}

static void test_triage__asan_report_uses_first_stack(void **state)
{
	(void)state;
	expect_sig("=================================================================\n"
		"==22991==ERROR: AddressSanitizer: heap-use-after-free on address 0x603000000054 at pc 0x564234949234 bp 0x7ffc2c303b60 sp 0x7ffc2c303b58\n"
		"READ of size 4 at 0x603000000054 thread T0\n"
		"    #0 0x564234949233 in last_dim /tmp/s/bugs.c:31\n"
		"    #1 0x5642349492df in main /tmp/s/bugs.c:95 (BuildId: 0123abcd)\n"
		"    #2 0x7fefc7c45249 in __libc_start_call_main ../sysdeps/nptl/libc_start_call_main.h:58\n"
		"\n"
		"freed by thread T0 here:\n"
		"    #0 0x7fefc7eb89cf in __interceptor_free ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:52\n"
		"    #1 0x5642349492ac in last_dim /tmp/s/bugs.c:30\n"
		"SUMMARY: AddressSanitizer: heap-use-after-free /tmp/s/bugs.c:31 in last_dim\n",
		"asan:heap-use-after-free", "READ", "last_dim", "main", NULL);
	expect_sig("==7==ERROR: LeakSanitizer: detected memory leaks\n\n"
		"Direct leak of 20 byte(s) in 1 object(s) allocated from:\n"
		"    #0 0x7f3a in malloc (/lib/x86_64-linux-gnu/libasan.so.8+0xd8aaf)\n"
		"    #1 0x55b1 in make_table /tmp/s/bugs.c:50\n"
		"    #2 0x55b2 in main /tmp/s/bugs.c:99\n",
		"lsan:leak", "Direct", "make_table", "main", NULL);
	expect_sig("==1==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000008 (pc 0x55 bp 0x7f sp 0x7f T0)\n"
		"==1==The signal is caused by a READ memory access.\n"
		"    #0 0x55c in lookup (/tmp/s/asan+0x1234)\n"
		"    #1 0x55d in main (/tmp/s/asan+0x1300)\n",
		"asan:SEGV", "READ", "lookup", "main", NULL);
}

static void test_triage__ubsan_runtime_error(void **state)
{
	(void)state;
	expect_sig("bugs.c:59:11: runtime error: shift exponent 40 is too large for 32-bit type 'int'\n"
		"    #0 0x5625 in shift_bits /tmp/s/bugs.c:59\n"
		"    #1 0x5626 in main /tmp/s/bugs.c:101\n",
		"ubsan", "shift exponent N is too large for N-bit type 'int'",
		"shift_bits", "main", NULL);
	/* Without a stack the report's file is all there is. */
	expect_sig("bugs.c:64:11: runtime error: signed integer overflow: 2000000000 * 7 cannot be represented in type 'int'\n",
		"ubsan", "signed integer overflow: N * N cannot be represented in type 'int' at bugs.c",
		NULL, NULL, NULL);
}

static void test_triage__gdb_and_lldb_backtraces(void **state)
{
	(void)state;
	expect_sig("Program received signal SIGSEGV, Segmentation fault.\n"
		"0x000055555555515a in lookup (t=0x0, k=1) at bugs.c:43\n"
		"43\t\treturn t->v[k];\n"
		"#0  0x000055555555515a in lookup (t=0x0, k=1) at bugs.c:43\n"
		"#1  0x0000555555555219 in main (argc=3, argv=0x7fffffffe698) at bugs.c:97\n",
		"crash", "", "lookup", "main", NULL);
	expect_sig("Program received signal SIGABRT, Aborted.\n"
		"#0  __pthread_kill_implementation (threadid=<optimized out>, signo=6) at ./nptl/pthread_kill.c:44\n"
		"#1  0x00007ffff7e5df4f in __pthread_kill_internal (signo=6) at ./nptl/pthread_kill.c:78\n"
		"#2  0x00007ffff7e0efb2 in __GI_raise (sig=sig@entry=6) at ../sysdeps/posix/raise.c:26\n"
		"#3  0x00007ffff7df9472 in __GI_abort () at ./stdlib/abort.c:79\n"
		"#4  0x00005555555551b0 in check_rank (r=30) at bugs.c:74\n"
		"#5  0x0000555555555206 in main (argc=3, argv=0x7fffffffe698) at bugs.c:105\n",
		"abort", "", "check_rank", "main", NULL);
	expect_sig("* thread #1, name = 'a.out', stop reason = signal SIGSEGV: invalid address (fault address: 0x0)\n"
		"  * frame #0: 0x0000555555555139 a.out`lookup(t=0x0000000000000000, k=1) at bugs.c:43:10\n"
		"    frame #1: 0x0000555555555160 a.out`main at bugs.c:97:3\n"
		"    frame #2: 0x00007ffff7c29d90 libc.so.6`__libc_start_call_main + 128\n",
		"crash", "", "lookup", "main", NULL);
	/* gdb's own signal frame: what is above it is the handler. */
	expect_sig("Program received signal SIGSEGV, Segmentation fault.\n"
		"#0  handler (sig=11) at h.c:3\n"
		"#1  <signal handler called>\n"
		"#2  0x000055555555515a in lookup (t=0x0, k=1) at bugs.c:43\n",
		"crash", "", "lookup", NULL, NULL);
}

static void test_triage__glibc_messages(void **state)
{
	(void)state;
	expect_sig("mode assert input 5\nplain: bugs.c:74: check_rank: Assertion `r <= 4 && \"rank too large\"' failed.\nAborted\n",
		"assert", "check_rank: r <= 4 && \"rank too large\" at bugs.c", NULL, NULL, NULL);
	expect_sig("*** stack smashing detected ***: terminated\nAborted (core dumped)\n",
		"stack-smashing", "", NULL, NULL, NULL);
	/* glibc's heap check alone, no frame: every double free says it */
	expect_alone("free(): double free detected in tcache 2\nAborted\n",
		"heap-corruption", "free(): double free detected in tcache N");
	/* Every std::vector::at of every program throws this: without a
	** frame of the program's own, it names no bug. */
	expect_alone("terminate called after throwing an instance of 'std::out_of_range'\n"
		"  what():  vector::_M_range_check: __n (which is 7) >= this->size() (which is 3)\nAborted\n",
		"uncaught-exception:std::out_of_range",
		"vector::_M_range_check: __n (which is N) >= this->size() (which is N)");
	expect_sig("terminate called after throwing an instance of 'std::out_of_range'\n"
		"  what():  vector::_M_range_check: __n (which is 7) >= this->size() (which is 3)\n"
		"Program received signal SIGABRT, Aborted.\n"
		"#0  __pthread_kill_implementation (threadid=<optimized out>, signo=signo@entry=6, no_tid=no_tid@entry=0) at ./nptl/pthread_kill.c:44\n"
		"#1  0x00007ffff7a59fb2 in __GI_raise (sig=sig@entry=6) at ../sysdeps/posix/raise.c:26\n"
		"#2  0x00007ffff7a44472 in __GI_abort () at ./stdlib/abort.c:79\n"
		"#3  0x00007ffff7ca90d8 in __cxa_throw () from /lib/x86_64-linux-gnu/libstdc++.so.6\n"
		"#4  0x0000555555559fb5 in std::vector<int, std::allocator<int> >::_M_range_check (this=0x7fffffffe9f0, __n=7) at /usr/include/c++/12/bits/stl_vector.h:1153\n"
		"#5  0x0000555555555f0c in shape::canonicalizeConcat (v=30) at /home/ci/b1/src/kernels.cpp:123\n",
		"uncaught-exception:std::out_of_range",
		"vector::_M_range_check: __n (which is N) >= this->size() (which is N)",
		"shape::canonicalizeConcat", NULL, NULL);
}

static void test_triage__libstdcxx_assertion(void **state)
{
	(void)state;
	/* _GLIBCXX_ASSERTIONS, GCC 12 and 13 (constexpr), behind a runner's
	** time stamp. */
	/* The library's own check, with no frame of the program: any bug
	** indexing a vector<int> says this. */
	expect_alone("/usr/include/c++/12/bits/stl_vector.h:1123: std::vector<_Tp, _Alloc>::reference std::vector<_Tp, _Alloc>::operator[](size_type) [with _Tp = int; _Alloc = std::allocator<int>; reference = int&; size_type = long unsigned int]: Assertion '__n < this->size()' failed.\n"
		"Aborted (core dumped)\n",
		"assert", "std::vector::operator[] [_Tp = int, _Alloc = std::allocator<int>]: __n < this->size() at stl_vector.h");
	expect_alone("[2024-05-01 12:00:03] /usr/include/c++/13/bits/stl_vector.h:1125: constexpr std::vector<_Tp, _Alloc>::reference std::vector<_Tp, _Alloc>::operator[](size_type) [with _Tp = int; _Alloc = std::allocator<int>; reference = int&; size_type = long unsigned int]: Assertion '__n < this->size()' failed.\n",
		"assert", "std::vector::operator[] [_Tp = int, _Alloc = std::allocator<int>]: __n < this->size() at stl_vector.h");
}

static void test_triage__bare_signals_keep_their_name(void **state)
{
	triage_sig a = sig_of("Segmentation fault (core dumped)\n", 0);
	triage_sig b = sig_of("sh: line 1: 42 Floating point exception ./x\n", 0);

	(void)state;
	assert_string_equal(a.kind, "crash");
	assert_int_equal(strncmp(a.message, "SIGSEGV; ", 9), 0);
	assert_int_equal(strncmp(b.message, "SIGFPE; ", 8), 0);
	assert_false(triage_sig_equal(&a, &b));
	triage_sig_free(&a);
	triage_sig_free(&b);
}

/* A signal and nothing of the program (a debugger's SIGABRT with only
** the C library's frames, an abort a shell reported after a line gred
** does not read) stands alone: it shares a signature only with a log
** that says the same besides the signal, numbers aside, as a run whose
** death a shell reported and the same run's death noted the way a
** debugger does (a fuzz target's reduced case and its original). */
static void test_triage__bare_abort_stands_alone(void **state)
{
	const char *gdb_abort = "Program received signal SIGABRT, Aborted.\n"
		"#0  __pthread_kill_implementation (threadid=<optimized out>, signo=signo@entry=6, no_tid=no_tid@entry=0) at ./nptl/pthread_kill.c:44\n"
		"#1  0x00007ffff7aa8f4f in __pthread_kill_internal (signo=6, threadid=<optimized out>) at ./nptl/pthread_kill.c:78\n"
		"#2  0x00007ffff7a59fb2 in __GI_raise (sig=sig@entry=6) at ../sysdeps/posix/raise.c:26\n";
	const char *shell = "target: Assertion `softmax' failed.\nAborted\n";
	const char *noted = "target: Assertion `softmax' failed.\nAborted\nProgram terminated with signal SIGABRT\n";
	const char *other = "target: check of tanh failed.\nAborted\n";
	triage_sig a = sig_of(shell, 0), b = sig_of(noted, 0);
	triage_sig c = sig_of("mode null input 3\nSegmentation fault\n", 0);
	triage_sig d = sig_of("mode null input 7\nSegmentation fault (core dumped)\n", 0);

	(void)state;
	expect_alone(gdb_abort, "abort", "SIGABRT");
	expect_alone(shell, "abort", "SIGABRT");
	expect_alone("Program terminated with signal SIGSEGV\n", "crash", "SIGSEGV");
	assert_false(similar(gdb_abort, shell));
	assert_false(similar(shell, other));
	assert_true(triage_sig_equal(&a, &b));
	assert_true(triage_sig_equal(&c, &d));
	triage_sig_free(&a);
	triage_sig_free(&b);
	triage_sig_free(&c);
	triage_sig_free(&d);
}

/* glibc's assertion line printed on three lines (file and line, the
** function, the check), or four, is the one-line report. */
static void test_triage__assertion_on_three_lines(void **state)
{
	const char *one = "tool: /src/lib/Graph.h:88: T &Graph<T>::at(unsigned) [with T = Node]: Assertion `i < count && \"index out of range\"' failed.\n"
		"Aborted\n";
	const char *three = "tool: /src/lib/Graph.h:88: \n"
		"T &Graph<T>::at(unsigned) [with T = Node]:\n"
		"Assertion `i < count && \"index out of range\"' failed.\n"
		"Aborted\n";
	const char *other = "tool: /src/lib/Graph.h:88:\n"
		"T &Graph<T>::at(unsigned) [with T = Edge]:\n"
		"Assertion `i < count && \"index out of range\"' failed.\n";
	triage_sig a = sig_of(one, 0), b = sig_of(three, 0), c = sig_of(other, 0);

	(void)state;
	assert_string_equal(b.kind, "assert");
	assert_non_null(strstr(b.message, "i < count"));
	assert_non_null(strstr(b.message, "T = Node"));
	assert_true(triage_sig_equal(&a, &b));
	assert_false(triage_sig_equal(&b, &c));
	/* a paste indented, the function broken before its template
	** arguments: four lines */
	{
		triage_sig d = sig_of("/src/lib/Graph.h:88:\n"
			"  T &Graph<T>::at(unsigned)\n"
			"    [with T = Node]:\n"
			"  Assertion `i < count && \"index out of range\"' failed.\n", 0);
		assert_true(triage_sig_equal(&a, &d));
		triage_sig_free(&d);
	}
	/* macOS libc prints the template's check without its arguments:
	** with no frame, it may be any instance's, so it joins neither. */
	assert_false(similar("Assertion failed: (i < count && \"index out of range\"), function at, file Graph.h, line 88.\n", three));
	assert_false(similar("Assertion failed: (i < count && \"index out of range\"), function at, file Graph.h, line 88.\n", other));
	triage_sig_free(&a);
	triage_sig_free(&b);
	triage_sig_free(&c);
}

/* Two programs' debugger captures cut after the stop line, that differ
** only in the program's build directory: two builds, and nothing says
** they are one bug. */
static void test_triage__bare_captures_of_two_builds_stay_apart(void **state)
{
	triage_sig a = sig_of("Current executable set to '/w/ci16-gcc-O1/app' (x86_64).\n"
		"Process 17436 stopped\n"
		"* thread #1, name = 'app', stop reason = signal SIGSEGV: invalid address (fault address: 0x8)\n", 0);
	triage_sig b = sig_of("Current executable set to '/w/ci86-clang-O1/app' (x86_64).\n"
		"Process 21380 stopped\n"
		"* thread #1, name = 'app', stop reason = signal SIGSEGV: invalid address (fault address: 0x8)\n", 0);
	triage_sig c = sig_of("Current executable set to '/w/ci86-clang-O1/app' (x86_64).\n"
		"Process 9 stopped\n"
		"* thread #1, name = 'app', stop reason = signal SIGSEGV: invalid address (fault address: 0x8)\n", 0);

	(void)state;
	assert_false(triage_sig_equal(&a, &b));
	assert_true(triage_sig_equal(&b, &c));
	triage_sig_free(&a);
	triage_sig_free(&b);
	triage_sig_free(&c);
}

static void test_triage__little_parsed_logs_stay_apart(void **state)
{
	/* A crash marker and nothing else gred can read: two bugs. */
	triage_sig a = sig_of("PLEASE submit a bug report\nStack dump:\n"
		"<frames of a format gred does not know> foo\n", 0);
	triage_sig b = sig_of("PLEASE submit a bug report\nStack dump:\n"
		"<frames of a format gred does not know> bar\n", 0);
	triage_sig c = sig_of("PLEASE submit a bug report\nStack dump:\n"
		"<frames of a format gred does not know> bar\n", 0);
	triage_sig d = sig_of("*** stack smashing detected ***: terminated\n", 0);
	triage_sig f = sig_of("*** stack smashing detected ***: terminated\nAborted\n", 0);

	(void)state;
	assert_true(a.crashed);
	assert_string_equal(a.kind, "crash");
	assert_int_equal(a.nframes, 0);
	assert_false(triage_sig_equal(&a, &b));
	/* The same log twice is the same report. */
	assert_true(triage_sig_equal(&b, &c));
	/* A report that names its kind still groups. */
	assert_true(triage_sig_equal(&d, &f));
	triage_sig_free(&a);
	triage_sig_free(&b);
	triage_sig_free(&c);
	triage_sig_free(&d);
	triage_sig_free(&f);
}

static void test_triage__python_traceback(void **state)
{
	(void)state;
	expect_sig("Traceback (most recent call last):\n"
		"  File \"/src/bugs.py\", line 60, in <module>\n"
		"    main(sys.argv[1], sys.argv[2])\n"
		"  File \"/src/bugs.py\", line 44, in main\n"
		"    return lookup({\"dims\": arg})\n"
		"           ^^^^^^^^^^^^^^^^^^^^^^^\n"
		"  File \"/src/bugs.py\", line 16, in lookup\n"
		"    return cfg[\"shape\"]\n"
		"KeyError: 'shape'\n",
		"python:KeyError", "'?'", "bugs.py:lookup", "bugs.py:main",
		"bugs.py:<module>");
	/* Chained: the last exception is the one that ended the program. */
	expect_sig("Traceback (most recent call last):\n"
		"  File \"/src/bugs.py\", line 36, in load_config\n"
		"    return int(text)\n"
		"ValueError: invalid literal for int() with base 10: 'abc'\n\n"
		"The above exception was the direct cause of the following exception:\n\n"
		"Traceback (most recent call last):\n"
		"  File \"/src/bugs.py\", line 58, in main\n"
		"    return load_config(arg)\n"
		"  File \"/src/bugs.py\", line 38, in load_config\n"
		"    raise ConfigError(\"bad config\") from e\n"
		"__main__.ConfigError: bad config\n",
		"python:__main__.ConfigError", "bad config", "bugs.py:load_config",
		"bugs.py:main", NULL);
}

static void test_triage__node_and_onnxruntime_errors(void **state)
{
	(void)state;
	expect_sig("/src/bugs.js:3\nfunction shape(t) { return t.dims.length; }\n                             ^\n\n"
		"TypeError: Cannot read properties of undefined (reading 'length')\n"
		"    at shape (/src/bugs.js:3:35)\n"
		"    at Object.<anonymous> (/src/bugs.js:12:37)\n"
		"    at Module._compile (node:internal/modules/cjs/loader:1521:14)\n"
		"    at node:internal/main/run_main_module:28:49\n\nNode.js v20.20.2\n",
		"node:TypeError", "Cannot read properties of undefined (reading '?')",
		"bugs.js:shape", "bugs.js:Object.<anonymous>", NULL);
	expect_sig("Error: Failed to load model because protobuf parsing failed.\n"
		"    at new OnnxruntimeSessionHandler (/x/node_modules/onnxruntime-node/dist/backend.js:27:92)\n"
		"    at Immediate.<anonymous> (/x/node_modules/onnxruntime-node/dist/backend.js:64:29)\n"
		"    at process.processImmediate (node:internal/timers:483:21)\n",
		"node:Error", "Failed to load model because protobuf parsing failed.",
		"backend.js:OnnxruntimeSessionHandler", "backend.js:Immediate.<anonymous>", NULL);
	/* Node names copied from the model go, the op and domain stay. */
	expect_sig("Error: Failed to find kernel for com.microsoft.FusedMatMul(1) "
		"(node:'n4/MatmulTransposeFusion/' ep:'CPUExecutionProvider'). Op with "
		"name (n4/MatmulTransposeFusion/) domain (com.microsoft) and type "
		"(FusedMatMul) kernel is not supported.\n"
		"    at new OnnxruntimeSessionHandler (/x/node_modules/onnxruntime-node/dist/backend.js:27:92)\n"
		"    at Immediate.<anonymous> (/x/node_modules/onnxruntime-node/dist/backend.js:64:29)\n",
		"node:Error", "Failed to find kernel for com.microsoft.FusedMatMul(N) "
		"(node:'?' ep:'?'). Op with name (?) domain (com.microsoft) and type "
		"(FusedMatMul) kernel is not supported.",
		"backend.js:OnnxruntimeSessionHandler", "backend.js:Immediate.<anonymous>", NULL);
	expect_sig("Error: Node (n6) Op (MatMul) [ShapeInferenceError] Incompatible "
		"dimensions for matrix multiplication\n"
		"    at new OnnxruntimeSessionHandler (/x/node_modules/onnxruntime-node/dist/backend.js:27:92)\n",
		"node:Error", "Node (?) Op (MatMul) [ShapeInferenceError] Incompatible "
		"dimensions for matrix multiplication",
		"backend.js:OnnxruntimeSessionHandler", NULL, NULL);
	/* An "Error:" line with no stack under it is not a Node.js report. */
	{
		triage_sig s = sig_of("Error: could not open file\n", 0);
		assert_false(s.crashed);
		triage_sig_free(&s);
	}
}

static void test_triage__onnxruntime_bindings(void **state)
{
	static const char py[] =
		"onnxruntime.capi.onnxruntime_pybind11_state.InvalidArgument: [ONNXRuntimeError] : 2 : INVALID_ARGUMENT : Got invalid dimensions for input: x for the following indices\n"
		" index: 1 Got: 4 Expected: 3\n"
		" Please fix either the inputs or the model.\n";
	static const char cs[] =
		"Unhandled exception. Microsoft.ML.OnnxRuntime.OnnxRuntimeException: [ErrorCode:InvalidArgument] Got invalid dimensions for input: x for the following indices\n"
		" index: 1 Got: 4 Expected: 3\n"
		" Please fix either the inputs or the model.\n"
		"   at Microsoft.ML.OnnxRuntime.NativeApiStatus.VerifySuccess(IntPtr nativeStatus)\n"
		"   at Program.Main(String[] args) in /src/app/Program.cs:line 12\n";
	triage_sig a, b;

	(void)state;
	/* The same error from Python and from C#: one signature. */
	a = sig_of(py, 0);
	b = sig_of(cs, 0);
	assert_true(a.crashed);
	assert_string_equal(a.kind, "onnxruntime");
	assert_string_equal(a.message,
		"Got invalid dimensions for input: x for the following indices");
	assert_true(triage_sig_equal(&a, &b));
	triage_sig_free(&a);
	triage_sig_free(&b);
	/* Under a traceback: same kind and message, the Python frames. */
	expect_sig("Traceback (most recent call last):\n"
		"  File \"/src/run.py\", line 9, in <module>\n"
		"    sess = ort.InferenceSession(\"model.onnx\")\n"
		"  File \"/usr/lib/python3/dist-packages/onnxruntime/capi/onnxruntime_inference_collection.py\", line 472, in _create_inference_session\n"
		"    sess = C.InferenceSession(session_options, self._model_path, True, self._read_config_from_model)\n"
		"onnxruntime.capi.onnxruntime_pybind11_state.InvalidGraph: [ONNXRuntimeError] : 10 : INVALID_GRAPH : Load model from model.onnx failed:This is an invalid model. Error: Node (conv0) has input size 2 not in range [min=3, max=3].\n",
		"onnxruntime",
		"Load model from model.onnx failed:This is an invalid model. Error: Node (?) has input size N not in range [min=N, max=N].",
		"onnxruntime_inference_collection.py:_create_inference_session",
		"run.py:<module>", NULL);
}

static void test_triage__pytorch_internal_assert(void **state)
{
	triage_sig a, b;

	(void)state;
	/* The condition glued to the words by a paste: the same message. */
	a = sig_of("RuntimeError: falseINTERNAL ASSERT FAILED at \"../aten/src/ATen/Spin.cpp\":263, please report a bug to PyTorch. cannot spin\n", 0);
	b = sig_of("RuntimeError: false INTERNAL ASSERT FAILED at \"/b/aten/src/ATen/Spin.cpp\":263, please report a bug to PyTorch. cannot spin\n", 0);
	assert_string_equal(a.kind, "torch-assert");
	assert_string_equal(a.message, b.message);
	assert_true(triage_sig_equal(&a, &b));
	triage_sig_free(&a);
	triage_sig_free(&b);
	expect_sig("RuntimeError: false INTERNAL ASSERT FAILED at \"../torch/csrc/jit/ir/alias_analysis.cpp\":608, please report a bug to PyTorch. We don't have an op for aten::add but it isn't a special case.  Argument types: Tensor, int, \n",
		"torch-assert",
		"false INTERNAL ASSERT FAILED at \"?\":N, please report a bug to PyTorch. We don't have an op for aten::add but it isn't a special case. Argument types: Tensor, int, at alias_analysis.cpp",
		NULL, NULL, NULL);
	/* Under a traceback, or with the exception class left out: the same. */
	a = sig_of("Traceback (most recent call last):\n"
		"  File \"/src/t.py\", line 4, in <module>\n"
		"    torch.jit.script(f)\n"
		"RuntimeError: r.dim() == 2 INTERNAL ASSERT FAILED at \"/pytorch/aten/src/ATen/native/Linear.cpp\":77, please report a bug to PyTorch. \n", 0);
	b = sig_of("Traceback (most recent call last):\n"
		"  File \"/home/u/t.py\", line 4, in <module>\n"
		"    torch.jit.script(f)\n"
		"r.dim() == 2 INTERNAL ASSERT FAILED at \"/build/aten/src/ATen/native/Linear.cpp\":79, please report a bug to PyTorch. \n", 0);
	assert_string_equal(a.kind, "torch-assert");
	assert_int_equal(a.nframes, 1);
	assert_string_equal(a.frames[0], "t.py:<module>");
	assert_true(triage_sig_equal(&a, &b));
	triage_sig_free(&a);
	triage_sig_free(&b);
}

static void test_triage__rust_panic(void **state)
{
	(void)state;
	expect_sig("thread 'main' panicked at src/bugs.rs:6:5:\n"
		"index out of bounds: the len is 3 but the index is 9\n"
		"stack backtrace:\n"
		"   0: rust_begin_unwind\n"
		"             at /rustc/abc/library/std/src/panicking.rs:652:5\n"
		"   1: core::panicking::panic_fmt\n"
		"   2: core::panicking::panic_bounds_check\n"
		"   3: bugs::get_dim\n"
		"             at ./src/bugs.rs:6:5\n"
		"   4: bugs::main::h0123456789abcdef\n"
		"             at ./src/bugs.rs:24:20\n"
		"   5: core::ops::function::FnOnce::call_once\n"
		"note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.\n",
		"rust-panic", "index out of bounds: the len is N but the index is N at bugs.rs:6",
		"bugs::get_dim", "bugs::main", NULL);
	/* Without RUST_BACKTRACE the panic's location still names the bug. */
	assert_true(similar("thread 'main' panicked at src/bugs.rs:6:5:\n"
		"index out of bounds: the len is 3 but the index is 9\n"
		"note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
		"thread 'main' panicked at src/bugs.rs:6:5:\n"
		"index out of bounds: the len is 3 but the index is 7\n"
		"stack backtrace:\n"
		"   3: bugs::get_dim\n"
		"             at ./src/bugs.rs:6:5\n"
		"   4: bugs::main\n"));
}

static void test_triage__mixed_log_prefers_native_crash(void **state)
{
	gred_buf b = {0};
	triage_sig mixed, plain;

	(void)state;
	buf_puts(&b, "INFO: running pipeline\n");
	buf_puts(&b, llvm_nosym);
	buf_puts(&b, "Traceback (most recent call last):\n"
		"  File \"/src/driver.py\", line 6, in <module>\n"
		"    raise RuntimeError(f\"mlir-opt failed with status {p.returncode}\")\n"
		"RuntimeError: mlir-opt failed with status -11\n");
	mixed = sig_of(b.data, 0);
	plain = sig_of(llvm_nosym, 0);
	assert_true(triage_sig_equal(&mixed, &plain));
	triage_sig_free(&mixed);
	triage_sig_free(&plain);
	buf_free(&b);
}

static void test_triage__interleaved_and_truncated(void **state)
{
	gred_buf b = {0};
	const char *p, *nl;
	int line = 0;
	char *cutlog;
	triage_sig a, full, cut;

	(void)state;
	/* Another process's lines between every two frames. */
	for (p = llvm_nosym; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		buf_append(&b, p, (size_t)(nl - p) + 1);
		if (line++ % 2)
			buf_puts(&b, "[worker 2] compiled graph 7: 0 errors\n");
	}
	a = sig_of(b.data, 0);
	full = sig_of(llvm_nosym, 0);
	assert_true(triage_sig_equal(&a, &full));
	/* Cut in the middle of a frame line after the top frames. */
	cutlog = xstrndup(llvm_nosym, (size_t)(strstr(llvm_nosym,
		"7  mlir-opt-19") - llvm_nosym) + 20);
	cut = sig_of(cutlog, 0);
	free(cutlog);
	assert_true(triage_sig_equal(&cut, &full));
	triage_sig_free(&a);
	triage_sig_free(&full);
	triage_sig_free(&cut);
	buf_free(&b);
}

static void test_triage__bad_logs(void **state)
{
	triage_options o;
	triage_sig s;
	gred_error e;
	char bin[4096];
	size_t i;

	(void)state;
	triage_options_init(&o);
	assert_int_equal(triage_sig_compute(&s, "", 0, &o, &e), -1);
	assert_string_equal(e.msg, "empty log");
	assert_int_equal(triage_sig_compute(&s, " \n\t\n", 4, &o, &e), -1);
	assert_string_equal(e.msg, "empty log");
	for (i = 0; i < sizeof(bin); i++)
		bin[i] = (char)((i * 7919) % 251);
	assert_int_equal(triage_sig_compute(&s, bin, sizeof(bin), &o, &e), -1);
	assert_string_equal(e.msg, "binary data, not a text log");
	memset(bin, 0, sizeof(bin));
	assert_int_equal(triage_sig_compute(&s, bin, sizeof(bin), &o, &e), -1);
	assert_int_equal(triage_sig_compute(&s, "hello\nworld\n", 12, &o, &e), 0);
	assert_false(s.crashed);
	assert_string_equal(s.kind, "none");
	triage_sig_free(&s);
}

static void test_triage__function_names(void **state)
{
	static const char *cases[][2] = {
		{"void mlir::detail::walk<mlir::ForwardIterator>(mlir::Operation*, llvm::function_ref<void (mlir::Operation*)>, mlir::WalkOrder)",
		 "mlir::detail::walk"},
		{"mlir::StringAttr::getValue() const", "mlir::StringAttr::getValue"},
		{"(anonymous namespace)::Foo::bar(int) const &", "Foo::bar"},
		{"{anonymous}::Foo::bar", "Foo::bar"},
		{"mlir::Op::walk(...)::{lambda(mlir::Operation*)#2}::operator()(mlir::Operation*) const",
		 "mlir::Op::walk::{lambda}::operator()"},
		{"auto foo()::$_12::operator()() const", "foo::$_::operator()"},
		{"std::vector<int, std::allocator<int> >::operator[](unsigned long)",
		 "std::vector::operator[]"},
		{"bool llvm::operator<<(llvm::raw_ostream&, int)", "llvm::operator<<"},
		{"foo::operator new(unsigned long)", "foo::operator new"},
		{"bugs::main::h0123456789abcdef", "bugs::main"},
		{"compute.isra.0", "compute"},
		{"walk.cold", "walk"},
		{"std::__cxx11::basic_string<char>::_M_create[abi:cxx11](unsigned long&)",
		 "std::__cxx11::basic_string::_M_create"},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		gred_buf b = {0};
		buf_puts(&b, "");
		tri_norm_func(&b, cases[i][0], strlen(cases[i][0]));
		assert_string_equal(b.data, cases[i][1]);
		buf_free(&b);
	}
}

static void test_triage__messages(void **state)
{
	gred_buf b = {0};
	const char *m = "READ of size 4 at 0x603000000054 in /home/ci/build/x/model.onnx: tensor<4x3xf32> i32  pid 1234";

	(void)state;
	buf_puts(&b, "");
	tri_norm_message(&b, m, strlen(m), NORM_MESSAGE);
	/* the input's IR types go as its numbers do */
	assert_string_equal(b.data, "READ of size N at 0x? in model.onnx: tensor<?> i32 pid N");
	b.len = 0;
	m = "no layout for memref<2xmemref<3xf16>> in vector<4xi8>x";
	tri_norm_message(&b, m, strlen(m), NORM_MESSAGE);
	assert_string_equal(b.data, "no layout for memref<?> in vector<?>x");
	b.len = 0;
	tri_norm_message(&b, "x < 10", 6, NORM_VERBATIM);
	assert_string_equal(b.data, "x < 10");
	buf_free(&b);
}

static void test_triage__frames_option_and_ids(void **state)
{
	triage_sig one = sig_of(llvm_nosym, 1), three = sig_of(llvm_nosym, 3);
	char id[17];

	(void)state;
	assert_int_equal(one.nframes, 1);
	assert_int_equal(three.nframes, 2);  /* all the log has */
	assert_false(triage_sig_equal(&one, &three));
	assert_int_equal(strlen(triage_sig_id(&three, id)), 16);
	assert_non_null(strstr(three.key, "crash\n\nmlir::StringAttr::getValue\n"));
	triage_sig_free(&one);
	triage_sig_free(&three);
}

static void test_triage__user_ignore_patterns(void **state)
{
	triage_options o;
	triage_parser *p;
	triage_sig s;
	gred_error e;
	const char *ign[] = {"^mlir::StringAttr::"};
	char path[] = "/tmp/gred-ignore-XXXXXX";
	int fd;

	(void)state;
	triage_options_init(&o);
	o.ignore = ign;
	o.nignore = 1;
	assert_int_equal(triage_parser_new(&p, &o, &e), 0);
	assert_int_equal(triage_parser_sig(&s, p, llvm_nosym, strlen(llvm_nosym), &e), 0);
	assert_string_equal(s.frames[0], "mlir-opt@0x762");
	triage_sig_free(&s);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "# mine\n^mlir::detail::\n", 23), 23);
	close(fd);
	assert_int_equal(triage_parser_load_ignore(p, path, &e), 0);
	assert_int_equal(triage_parser_sig(&s, p, llvm_nosym, strlen(llvm_nosym), &e), 0);
	assert_int_equal(s.nframes, 1);
	triage_sig_free(&s);
	/* A bad pattern is refused and the parser keeps working. */
	fd = open(path, O_WRONLY | O_TRUNC);
	assert_int_equal(write(fd, "(\n", 2), 2);
	close(fd);
	assert_int_equal(triage_parser_load_ignore(p, path, &e), -1);
	assert_non_null(strstr(e.msg, path));
	assert_int_equal(triage_parser_sig(&s, p, llvm_nosym, strlen(llvm_nosym), &e), 0);
	triage_sig_free(&s);
	unlink(path);
	triage_parser_free(p);
}

static void test_triage__long_log_read_as_head_and_tail(void **state)
{
	char path[] = "/tmp/gred-long-XXXXXX", *data;
	size_t len, i;
	int fd, trunc;
	gred_error e;
	triage_sig s;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	for (i = 0; i < 20000; i++)
		assert_int_equal(write(fd, "INFO: step ok\n", 14), 14);
	assert_int_equal(write(fd, llvm_nosym, strlen(llvm_nosym)), (ssize_t)strlen(llvm_nosym));
	close(fd);
	assert_int_equal(triage_log_read(&data, &len, &trunc, path, 65536, &e), 0);
	assert_true(trunc);
	assert_true(len <= 65536 + 1);
	s = sig_of(data, 0);
	assert_string_equal(s.frames[0], "mlir::StringAttr::getValue");
	triage_sig_free(&s);
	free(data);
	assert_int_equal(triage_log_read(&data, &len, &trunc, "/nonexistent", 0, &e), -1);
	unlink(path);
}

static void test_triage__store_buckets_and_duplicates(void **state)
{
	char dir[] = "/tmp/gred-store-XXXXXX", *db;
	triage_store *st;
	triage_add_result r1, r2, r3;
	triage_bucket b;
	gred_error e;
	triage_sig s = sig_of(llvm_nosym, 0);

	(void)state;
	assert_non_null(mkdtemp(dir));
	db = xasprintf("%s/sub/triage.db", dir);
	assert_int_equal(triage_store_open(&st, db, &e), 0);
	assert_int_equal(triage_store_begin(st, &e), 0);
	assert_int_equal(triage_store_add(&r1, st, &s, "a.log", NULL, llvm_nosym, strlen(llvm_nosym), &e), 0);
	assert_int_equal(triage_store_add(&r2, st, &s, "b.log", NULL, llvm_nosym, strlen(llvm_nosym), &e), 0);
	assert_int_equal(triage_store_add(&r3, st, &s, "a.log", NULL, llvm_nosym, strlen(llvm_nosym), &e), 0);
	assert_int_equal(triage_store_commit(st, &e), 0);
	assert_true(r1.is_new);
	assert_false(r2.is_new);
	assert_int_equal(r1.bucket, r2.bucket);
	assert_true(r3.duplicate);
	assert_int_equal(triage_store_get(&b, st, "1", &e), 0);
	assert_int_equal(b.count, 2);
	assert_string_equal(b.kind, "crash");
	triage_bucket_free(&b);
	assert_int_equal(triage_store_get(&b, st, "zz", &e), -1);
	triage_store_close(st);
	triage_sig_free(&s);
	free(db);
	db = xasprintf("rm -rf %s", dir);
	assert_int_equal(system(db), 0);
	free(db);
}

/* Two logs of one bug, as two captures see it. */
static int similar(const char *a, const char *b)
{
	triage_sig x = sig_of(a, 0), y = sig_of(b, 0);
	int r = triage_match_similar(x.match, y.match);

	assert_int_equal(r, triage_match_similar(y.match, x.match));
	triage_sig_free(&x);
	triage_sig_free(&y);
	return r;
}

/* -O0 keeps the crashing function; at -O2 it is inlined into its
** caller and the stack starts one frame lower. */
static void test_triage__similar_survives_inlining(void **state)
{
	const char *o0 =
		"==1==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000010\n"
		"==1==The signal is caused by a WRITE memory access.\n"
		"    #0 0x5555 in shape::foldConv(int) /b1/src/k.cpp:10:5\n"
		"    #1 0x5556 in shape::foldConvStep0(int) /b1/src/k.cpp:11:5\n"
		"    #2 0x5557 in shape::runFoldConvPath0(int) /b1/src/k.cpp:12:5\n"
		"    #3 0x5558 in main /b1/src/k.cpp:40:5\n";
	const char *o2 =
		"==7==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000010\n"
		"==7==The signal is caused by a WRITE memory access.\n"
		"    #0 0x6655 in shape::foldConvStep0(int) /b2/src/k.cpp:11:5\n"
		"    #1 0x6657 in shape::runFoldConvPath0(int) /b2/src/k.cpp:12:5\n"
		"    #2 0x6658 in main /b2/src/k.cpp:40:5\n";
	const char *other =
		"==7==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000010\n"
		"==7==The signal is caused by a WRITE memory access.\n"
		"    #0 0x6655 in shape::inferPad(int) /b2/src/k.cpp:21:5\n"
		"    #1 0x6657 in shape::runInferPadPath0(int) /b2/src/k.cpp:22:5\n"
		"    #2 0x6658 in main /b2/src/k.cpp:40:5\n";
	const char *gdb =
		"Program received signal SIGSEGV, Segmentation fault.\n"
		"#0  0x0000555555556414 in shape::foldConv (v=56) at /b3/src/k.cpp:10\n"
		"#1  0x0000555555556431 in shape::foldConvStep0 (v=56) at /b3/src/k.cpp:11\n"
		"#2  0x0000555555556441 in shape::runFoldConvPath0 (v=3) at /b3/src/k.cpp:12\n"
		"#3  0x0000555555556451 in main (argc=4, argv=0x7ff) at /b3/src/k.cpp:40\n";
	(void)state;
	assert_true(similar(o0, o2));
	assert_true(similar(o0, gdb));
	assert_true(similar(o2, gdb));
	assert_false(similar(o0, other));
	assert_false(similar(o2, other));
}

/* gcc at -O2 inlined two callees and kept no record of them: the top
** frame is their caller, at the line of the call. That joins the full
** stack (the caller calls from that very line); a caller crashing at
** another of its lines, or one frame on top with no line, does not. */
static void test_triage__similar_inlined_at_call_line(void **state)
{
	const char *o0 =
		"Program received signal SIGSEGV, Segmentation fault.\n"
		"#0  0x0000555555556414 in shape::foldConv (v=56) at /b3/src/k.cpp:10\n"
		"#1  0x0000555555556431 in shape::foldConvStep0 (v=56) at /b3/src/k.cpp:11\n"
		"#2  0x0000555555556441 in shape::runFoldConvPath0 (v=3) at /b3/src/k.cpp:12\n"
		"#3  0x0000555555556451 in main (argc=4, argv=0x7ff) at /b3/src/k.cpp:40\n";
	const char *o2 =
		"Program received signal SIGSEGV, Segmentation fault.\n"
		"#0  shape::runFoldConvPath0 (v=7) at /b9/src/k.cpp:12\n"
		"#1  0x0000555555555617 in main (argc=<optimized out>, argv=0x7ff) at /b9/src/k.cpp:40\n";
	const char *elsewhere =
		"Program received signal SIGSEGV, Segmentation fault.\n"
		"#0  shape::runFoldConvPath0 (v=7) at /b9/src/k.cpp:14\n"
		"#1  0x0000555555555617 in main (argc=<optimized out>, argv=0x7ff) at /b9/src/k.cpp:40\n";
	const char *no_line =
		"Program received signal SIGSEGV, Segmentation fault.\n"
		"#0  0x0000555555555600 in shape::runFoldConvPath0(int) ()\n"
		"#1  0x0000555555555617 in main ()\n";

	(void)state;
	assert_true(similar(o0, o2));
	assert_false(similar(o0, elsewhere));
	assert_false(similar(o0, no_line));
}

/* LLVM's stack dump without symbols and gdb's named frames of the same
** crash meet on module and address. */
static void test_triage__similar_across_symbols(void **state)
{
	const char *dump =
		"Stack dump:\n"
		"0.\tProgram arguments: mlir-opt-19 --test-pass\n"
		" #0 0x00007f1a11c3e6a7 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) (/usr/lib/llvm-19/lib/libLLVM.so.19.1+0x3e6a7)\n"
		" #1 0x00007f1a11c3c1a0 llvm::sys::RunSignalHandlers() (/usr/lib/llvm-19/lib/libLLVM.so.19.1+0x3c1a0)\n"
		" #2 0x00007f1a11c3ed4a (/usr/lib/llvm-19/lib/libLLVM.so.19.1+0x3ed4a)\n"
		" #3 0x00007f1a10a5b050 (/lib/x86_64-linux-gnu/libc.so.6+0x3c050)\n"
		" #4 0x00007f1a15e2c123 (/usr/lib/llvm-19/lib/libMLIR.so.19+0x222c123)\n"
		" #5 0x00007f1a15e2d456 (/usr/lib/llvm-19/lib/libMLIR.so.19+0x222d456)\n"
		" #6 0x00007f1a15e2e789 (/usr/lib/llvm-19/lib/libMLIR.so.19+0x222e789)\n"
		" #7 0x00007f1a15e2fabc (/usr/lib/llvm-19/lib/libMLIR.so.19+0x222fabc)\n";
	const char *gdb =
		"Program received signal SIGSEGV, Segmentation fault.\n"
		"#0  0x00007ffff1234123 in mlir::Op::verify() () from /usr/lib/llvm-19/lib/libMLIR.so.19\n"
		"#1  0x00007ffff1235456 in mlir::detail::walk() () from /usr/lib/llvm-19/lib/libMLIR.so.19\n"
		"#2  0x00007ffff1236789 in mlir::TestPass::run() () from /usr/lib/llvm-19/lib/libMLIR.so.19\n"
		"#3  0x00007ffff1237abc in mlir::PassManager::run() () from /usr/lib/llvm-19/lib/libMLIR.so.19\n";
	const char *other =
		"Program received signal SIGSEGV, Segmentation fault.\n"
		"#0  0x00007ffff1234999 in mlir::Op::fold() () from /usr/lib/llvm-19/lib/libMLIR.so.19\n"
		"#1  0x00007ffff1235888 in mlir::detail::walk() () from /usr/lib/llvm-19/lib/libMLIR.so.19\n"
		"#2  0x00007ffff1236777 in mlir::OtherPass::run() () from /usr/lib/llvm-19/lib/libMLIR.so.19\n"
		"#3  0x00007ffff1237abc in mlir::PassManager::run() () from /usr/lib/llvm-19/lib/libMLIR.so.19\n";
	(void)state;
	assert_true(similar(dump, gdb));
	assert_false(similar(dump, other));
}

/* An assertion with no stack: joined by its message, template arguments
** kept. macOS spells an assertion with the bare function name: that
** joins glibc's spelling of a plain function's check, never one of a
** template's instances (it may be any of them, and would tie them all). */
static void test_triage__similar_assertions_without_frames(void **state)
{
	const char *glibc_long =
		"opt: /s/SmallVector.h:291: T& llvm::SmallVectorTemplateCommon<T>::operator[]"
		"(size_type) [with T = long int]: Assertion `idx < size()' failed.\n";
	const char *glibc_value =
		"opt: /s/SmallVector.h:291: T& llvm::SmallVectorTemplateCommon<T>::operator[]"
		"(size_type) [with T = mlir::Value]: Assertion `idx < size()' failed.\n";
	const char *mac =
		"Assertion failed: (idx < size()), function operator[], file SmallVector.h, line 291.\n";
	const char *asan =
		"opt: /s/SmallVector.h:291: T& llvm::SmallVectorTemplateCommon<T>::operator[]"
		"(size_type) [with T = long int]: Assertion `idx < size()' failed.\n"
		"==1==ERROR: AddressSanitizer: ABRT on unknown address 0x1\n"
		"    #0 0x5555 in abort\n"
		"    #1 0x5556 in __assert_fail\n"
		"    #2 0x5557 in llvm::SmallVectorTemplateCommon<long>::operator[](unsigned long) /s/SmallVector.h:291:5\n"
		"    #3 0x5558 in mlir::foo() /s/foo.cpp:12:5\n";
	(void)state;
	assert_false(similar(glibc_long, glibc_value));
	assert_false(similar(glibc_long, mac));
	assert_false(similar(glibc_value, mac));
	assert_true(similar(glibc_long, asan));
	/* One condition at another line of its header: another version,
	** and no more than the check's words in common. */
	assert_false(similar(
		"spin: /s/UseList.h:198: spin::UseList::~UseList(): "
		"Assertion `empty() && \"uses left\"' failed.\n",
		"Assertion failed: (empty() && \"uses left\"), function ~UseList, file UseList.h, line 175.\n"));
	assert_true(similar(
		"spin: /s/UseList.h:198: spin::UseList::~UseList(): "
		"Assertion `empty() && \"uses left\"' failed.\n",
		"Assertion failed: (empty() && \"uses left\"), function ~UseList, file UseList.h, line 198.\n"));
}

/* One crash site reached by two call paths: ASan names the error class,
** so the crashing frame decides. A bare SEGV in a shared getter, or a
** template's check of its argument, leaves it to the callers. */
static void test_triage__similar_crash_site_other_callers(void **state)
{
	const char *path0 =
		"==9==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000020 at pc 0x55 bp 0x7f sp 0x7f\n"
		"READ of size 4 at 0x602000000020 thread T0\n"
		"    #0 0x5555 in codegen::rewriteResize(int) /home/ci/work/ci3-gcc-O0-asan/src/kernels.cpp:41:60\n"
		"    #1 0x5556 in codegen::rewriteResizeStep0(int) /home/ci/work/ci3-gcc-O0-asan/src/kernels.cpp:42:50\n"
		"    #2 0x5557 in codegen::runRewriteResizePath0(int) /home/ci/work/ci3-gcc-O0-asan/src/kernels.cpp:43:40\n"
		"    #3 0x5558 in main /home/ci/work/ci3-gcc-O0-asan/src/kernels.cpp:500:5\n";
	const char *path1 =
		"==4==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000024 at pc 0x56 bp 0x7f sp 0x7f\n"
		"READ of size 4 at 0x602000000024 thread T0\n"
		"    #0 0x6655 in codegen::rewriteResize(int) /home/ci/work/out7-clang-O2-asan/src/kernels.cpp:41:72\n"
		"    #1 0x6656 in codegen::rewriteResizeStep1(int) /home/ci/work/out7-clang-O2-asan/src/kernels.cpp:44:50\n"
		"    #2 0x6657 in codegen::runRewriteResizePath1(int) /home/ci/work/out7-clang-O2-asan/src/kernels.cpp:45:40\n"
		"    #3 0x6658 in main /home/ci/work/out7-clang-O2-asan/src/kernels.cpp:501:5\n";
	const char *getter_a =
		"Stack dump:\n"
		"0.\tProgram arguments: mlir-opt-19 --test-print-dominance a.mlir\n"
		"4  mlir-opt-19     0x000055555890a053 mlir::StringAttr::getValue() const + 3\n"
		"5  mlir-opt-19     0x000055555875e762\n"
		"6  mlir-opt-19     0x000055555884af4f mlir::detail::OpToOpPassAdaptor::run(mlir::Pass*, mlir::Operation*, mlir::AnalysisManager, bool, unsigned int) + 639\n";
	const char *getter_b =
		"Stack dump:\n"
		"0.\tProgram arguments: mlir-opt-19 --test-print-liveness a.mlir\n"
		"4  mlir-opt-19     0x000055555890a053 mlir::StringAttr::getValue() const + 3\n"
		"5  mlir-opt-19     0x0000555558763e2a\n"
		"6  mlir-opt-19     0x000055555884af4f mlir::detail::OpToOpPassAdaptor::run(mlir::Pass*, mlir::Operation*, mlir::AnalysisManager, bool, unsigned int) + 639\n";
	const char *check_a =
		"graphc: /s/k.cpp:18: T& SmallVectorImpl<T>::operator[](unsigned int) [with T = long int]: Assertion `idx < sz' failed.\n"
		"==1==ERROR: AddressSanitizer: ABRT on unknown address 0x1\n"
		"    #0 0x5555 in abort\n"
		"    #1 0x5556 in __assert_fail\n"
		"    #2 0x5557 in SmallVectorImpl<long>::operator[](unsigned int) /s/k.cpp:18:5\n"
		"    #3 0x5558 in shape::lowerTile(int) /s/k.cpp:40:5\n";
	const char *check_b =
		"graphc: /s/k.cpp:18: T& SmallVectorImpl<T>::operator[](unsigned int) [with T = long int]: Assertion `idx < sz' failed.\n"
		"==1==ERROR: AddressSanitizer: ABRT on unknown address 0x1\n"
		"    #0 0x5555 in abort\n"
		"    #1 0x5556 in __assert_fail\n"
		"    #2 0x55c53edd6a17 in SmallVectorImpl<long>::operator[](unsigned int) /s/k.cpp:18:5\n"
		"    #3 0x55c53edd7b2c in graph::foldPad(int) /s/k.cpp:90:5\n";
	(void)state;
	assert_true(similar(path0, path1));
	assert_false(similar(getter_a, getter_b));
	assert_false(similar(check_a, check_b));
}

/* UBSan's file:line is compiled into the program: a stripped build's
** report meets a symbolised one on it. */
static void test_triage__ubsan_site_survives_stripping(void **state)
{
	const char *stripped =
		"/home/ci/work/ci9-gcc-O2-ubsan/src/kernels.cpp:79:71: runtime error: signed integer overflow: 66 + 2147483647 cannot be represented in type 'int'\n"
		"    #0 0x56004d521db9  (/home/ci/work/ci9-gcc-O2-ubsan/graphc+0x2db9)\n"
		"    #1 0x56004d5224b7  (/home/ci/work/ci9-gcc-O2-ubsan/graphc+0x24b7)\n";
	const char *named =
		"/home/ci/work/out2-clang-O0-ubsan/src/kernels.cpp:79:71: runtime error: signed integer overflow: 2147483647 + 12 cannot be represented in type 'int'\n"
		"    #0 0x5555 in codegen::convertGemm(int) /home/ci/work/out2-clang-O0-ubsan/src/kernels.cpp:79:71\n"
		"    #1 0x5556 in codegen::convertGemmStep0(int) /home/ci/work/out2-clang-O0-ubsan/src/kernels.cpp:80:50\n";
	const char *other_line =
		"/home/ci/work/ci9-gcc-O2-ubsan/src/kernels.cpp:212:71: runtime error: signed integer overflow: 66 + 2147483647 cannot be represented in type 'int'\n"
		"    #0 0x56004d521db9  (/home/ci/work/ci9-gcc-O2-ubsan/graphc+0x5db9)\n"
		"    #1 0x56004d5224b7  (/home/ci/work/ci9-gcc-O2-ubsan/graphc+0x54b7)\n";
	(void)state;
	assert_true(similar(stripped, named));
	assert_false(similar(other_line, named));
	assert_false(similar(other_line, stripped));
}

/* Two statements UBSan names are two bugs, though -Os gave their
** handler calls one function in debug information; main alone with
** ASan's access kind says nothing of which bug. */
static void test_triage__ubsan_sites_apart(void **state)
{
	const char *at337 =
		"/home/ci/work/b40-gcc-Os-ubsan/src/kernels.cpp:337:71: runtime error: signed integer overflow: 100 + 2147483647 cannot be represented in type 'int'\n"
		"    #0 0x5572ef1ba463 in ir::detail::rewritePadStep1(int) /home/ci/work/b40-gcc-Os-ubsan/src/kernels.cpp:466\n"
		"    #1 0x5572ef1ba463 in ir::detail::runRewritePadPath1(int) /home/ci/work/b40-gcc-Os-ubsan/src/kernels.cpp:467\n";
	const char *at81 =
		"/home/ci/work/o64-gcc-11-Os-ubsan/src/kernels.cpp:81:68: runtime error: signed integer overflow: 2147483647 + 12 cannot be represented in type 'int'\n"
		"    #0 0x55893824250e in ir::detail::rewritePadStep1(int) /home/ci/work/o64-gcc-11-Os-ubsan/src/kernels.cpp:466\n"
		"    #1 0x55893824250e in ir::detail::runRewritePadPath1(int) /home/ci/work/o64-gcc-11-Os-ubsan/src/kernels.cpp:467\n";
	triage_sig a = sig_of(at337, 0), b = sig_of(at81, 0);

	(void)state;
	assert_string_not_equal(a.key, b.key);
	assert_false(similar(at337, at81));
	triage_sig_free(&a);
	triage_sig_free(&b);
	expect_alone("==1==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x55c6ccda6da1 bp 0x7fff27ab1380 sp 0x7fff27ab1120 T0)\n"
		"==1==The signal is caused by a WRITE memory access.\n"
		"    #0 0x55c6ccda6da1 in main (/home/ci/work/b1-gcc-Os-asan/graphc+0xecda1)\n"
		"    #1 0x7f7df9a45249 in __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16\n",
		"asan:SEGV", "WRITE");
}

/* A stripped build's assertion meets a symbolised one on its message;
** a fatal error printed before abort() is the abort's message. */
static void test_triage__messages_name_stripped_aborts(void **state)
{
	const char *stripped =
		"graphc: /home/ci/work/b1/src/kernels.cpp:365: int shape::fuseSplit(int): Assertion `v < limit && \"fuseSplit input within limit\"' failed.\n"
		"Program received signal SIGABRT, Aborted.\n"
		"#0  0x00007ffff7aa8eec in __pthread_kill_implementation () from /lib/x86_64-linux-gnu/libc.so.6\n"
		"#1  0x00007ffff7a59fb2 in raise () from /lib/x86_64-linux-gnu/libc.so.6\n"
		"#2  0x00007ffff7a44472 in abort () from /lib/x86_64-linux-gnu/libc.so.6\n"
		"#3  0x0000555555555d0f in ?? ()\n"
		"#4  0x0000555555555e2a in ?? ()\n";
	const char *named =
		"graphc: /home/ci/work/b2/src/kernels.cpp:365: int shape::fuseSplit(int): Assertion `v < limit && \"fuseSplit input within limit\"' failed.\n"
		"==3==ERROR: AddressSanitizer: ABRT on unknown address 0x1\n"
		"    #0 0x5555 in abort\n"
		"    #1 0x5556 in __assert_fail\n"
		"    #2 0x5557 in shape::fuseSplit(int) /home/ci/work/b2/src/kernels.cpp:365:3\n"
		"    #3 0x5558 in shape::fuseSplitStep1(int) /home/ci/work/b2/src/kernels.cpp:366:3\n";
	const char *fatal =
		"fatal error in foldGather: unsupported value 15\n"
		"AddressSanitizer:DEADLYSIGNAL\n"
		"==13447==ERROR: AddressSanitizer: ABRT on unknown address 0x000000003487 (pc 0x7f29 bp 0x7f29 sp 0x7fff T0)\n"
		"    #0 0x7f29fdea8eec in __pthread_kill_implementation nptl/pthread_kill.c:44\n"
		"    #3 0x55c53edd63f3  (/home/ci/work/build26-gcc-O0-asan/graphc+0x33f3)\n"
		"    #4 0x55c53edd640e  (/home/ci/work/build26-gcc-O0-asan/graphc+0x340e)\n";
	triage_sig f = sig_of(fatal, 0);

	(void)state;
	assert_true(similar(stripped, named));
	assert_string_equal(f.kind, "asan:ABRT");
	assert_string_equal(f.message, "fatal error in foldGather: unsupported value N");
	triage_sig_free(&f);
	/* No line, nothing said: a log without a fatal error stays apart. */
	expect_alone("==1==ERROR: AddressSanitizer: ABRT on unknown address 0x1\n"
		"    #0 0x5555 in abort\n", "asan:ABRT", "");
}

/* A paste that broke an assertion over three lines, mid-word. */
static void test_triage__paste_broken_assertion(void **state)
{
	(void)state;
	expect_sig("graphc: /home/ci/work/out19-gcc-O0-plain/src/kernels.cpp:365: int shape:\n"
		":fuseSplit(int): Assertion `v < limit && \"fuseSplit input within limit\"'\n"
		" failed.\n"
		"Aborted\n",
		"assert", "shape::fuseSplit: v < limit && \"fuseSplit input within limit\" at kernels.cpp",
		NULL, NULL, NULL);
	expect_sig("graphc: /home/ci/work/out19-gcc-O0-plain/src/kernels.cpp:18: T& SmallVectorImpl<T>::operator[](unsig\n"
		"ned int) [with T = double]: Assertion `idx < sz && \"idx out of range\"' failed.\n"
		"Aborted\n",
		"assert", "SmallVectorImpl::operator[] [T = double]: idx < sz && \"idx out of range\" at kernels.cpp",
		NULL, NULL, NULL);
}

/* A paste that cut the report's own word ("Assert" / "ion"), and a
** macOS assertion broken over three lines mid-word: each reads as the
** whole line does, so one bug stays one. */
static void test_triage__paste_cut_through_report_word(void **state)
{
	const char *whole =
		"graphc: /home/ci/work/out93-gcc-11-Og-plain/src/kernels.cpp:235: int shape::splitTranspose(int): Assertion `v < limit && \"splitTranspose input within limit\"' failed.\n"
		"Aborted\n";
	const char *cut =
		"graphc: /home/ci/work/ci1-clang-Og-plain/src/kernels.cpp:235: int shape::splitTranspose(int): Assert\n"
		"ion `v < limit && \"splitTranspose input within limit\"' failed.\n"
		"Aborted\n";
	const char *mac =
		"Assertion failed: (isa<To>(Val) && \"cast<Ty>() argument of incompatible type!\"), function cast, file Casting.h, line 567.\n";
	const char *mac3 =
		"Assertion failed: (isa<To>(Val) && \"cast<Ty>() argument of incompatible t\n"
		"ype!\"), function cast, file /Users/dev/llvm-project/llvm/include/l\n"
		"lvm/Support/Casting.h, line 567.\n";
	triage_sig a = sig_of(whole, 0), b = sig_of(cut, 0);
	triage_sig c = sig_of(mac, 0), d = sig_of(mac3, 0);

	(void)state;
	assert_string_equal(b.kind, "assert");
	assert_string_equal(a.message, b.message);
	assert_true(triage_sig_equal(&a, &b));
	assert_string_equal(d.kind, "assert");
	assert_string_equal(c.message, d.message);
	triage_sig_free(&a);
	triage_sig_free(&b);
	triage_sig_free(&c);
	triage_sig_free(&d);
}

/* GCC and Clang spell one report differently; lldb names stripped
** functions by number; lldb's "main at kernels.cpp:0" says nothing. */
static void test_triage__compilers_and_debuggers_agree(void **state)
{
	triage_sig a = sig_of("/s/k.cpp:12:30: runtime error: member access within null pointer of type 'struct Node'\n", 0);
	triage_sig b = sig_of("/s/k.cpp:12:30: runtime error: member access within null pointer of type 'Node'\n", 0);
	triage_sig c = sig_of("kernels.cpp:18: T &SmallVectorImpl<unsigned int>::operator[](unsigned int) [T = unsigned int]: Assertion `idx < sz' failed.\n", 0);
	triage_sig d = sig_of("kernels.cpp:18: T& SmallVectorImpl<T>::operator[](unsigned int) [with T = unsigned int]: Assertion `idx < sz' failed.\n", 0);
	triage_sig l = sig_of("* thread #1, name = 'graphc', stop reason = signal SIGSEGV: invalid address (fault address: 0x10)\n"
		"  * frame #0: 0x000055555555a4a3 graphc`___lldb_unnamed_symbol92 + 45\n"
		"    frame #1: 0x000055555555a4f0 graphc`___lldb_unnamed_symbol93 + 20\n", 0);
	const char *main0 =
		"* thread #1, name = 'graphc', stop reason = signal SIGSEGV: invalid address (fault address: 0x10)\n"
		"  * frame #0: 0x000055555555a4a3 graphc`main(argc=<unavailable>, argv=0x00007fffffffed88) at kernels.cpp:0\n";

	(void)state;
	assert_string_equal(a.message, b.message);
	assert_string_equal(c.message, d.message);
	assert_null(strstr(l.frames[0], "lldb"));
	expect_alone(main0, "crash", "");
	/* ASan's symbolizer with a file but no line for main */
	expect_alone("==13195==ERROR: AddressSanitizer: FPE on unknown address 0x55e833d995b2 (pc 0x55e833d995b2 bp 0x7ffd sp 0x7ffd T0)\n"
		"    #0 0x55e833d995b2 in main /home/ci/work/work50-clang-O2-asan/src/kernels.cpp\n"
		"    #1 0x7f2762f45249 in __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16\n",
		"asan:FPE", "");
	triage_sig_free(&a);
	triage_sig_free(&b);
	triage_sig_free(&c);
	triage_sig_free(&d);
	triage_sig_free(&l);
}

/* Python copies the input into its message: "[1, 1]" and "[1]" alike. */
static void test_triage__python_values_in_messages(void **state)
{
	triage_sig a = sig_of("Traceback (most recent call last):\n"
		"  File \"/opt/graphc/lib/graphc.py\", line 12, in check_rank\n"
		"    raise ValueError(f\"expected rank {want}, got {len(shape)} for {shape}\")\n"
		"ValueError: expected rank 4, got 1 for [1]\n", 0);
	triage_sig b = sig_of("Traceback (most recent call last):\n"
		"  File \"/home/ci/venv/graphc/graphc.py\", line 19, in check_rank\n"
		"    raise ValueError(f\"expected rank {want}, got {len(shape)} for {shape}\")\n"
		"ValueError: expected rank 4, got 3 for [1, 1, 1]\n", 0);

	(void)state;
	assert_string_equal(a.message, "expected rank N, got N for [N]");
	assert_true(triage_sig_equal(&a, &b));
	triage_sig_free(&a);
	triage_sig_free(&b);
}

/* A bare SEGV through two call paths: the same statement of the same
** function is one bug; another statement of it may not be. */
static void test_triage__similar_bare_signal_same_statement(void **state)
{
	const char *asan =
		"==7==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000004 (pc 0x55 bp 0x7f sp 0x7f T0)\n"
		"==7==The signal is caused by a WRITE memory access.\n"
		"==7==Hint: address points to the zero page.\n"
		"    #0 0x55d1c3e0a1f4 in codegen::inferTopK(int) /home/ci/work/ci31-clang-O0-asan/src/kernels.cpp:41:60\n"
		"    #1 0x55d1c3e0a2c8 in codegen::inferTopKStep2(int) /home/ci/work/ci31-clang-O0-asan/src/kernels.cpp:46:50\n"
		"    #2 0x55d1c3e0a33b in codegen::runInferTopKPath2(int) /home/ci/work/ci31-clang-O0-asan/src/kernels.cpp:47:40\n";
	const char *gdb =
		"Program received signal SIGSEGV, Segmentation fault.\n"
		"0x0000555555555196 in codegen::inferTopK (v=<optimized out>) at /home/ci/work/out2-gcc-O1-plain/src/kernels.cpp:41\n"
		"#0  0x0000555555555196 in codegen::inferTopK (v=<optimized out>) at /home/ci/work/out2-gcc-O1-plain/src/kernels.cpp:41\n"
		"#1  0x00005555555551c4 in codegen::inferTopKStep0 (v=7) at /home/ci/work/out2-gcc-O1-plain/src/kernels.cpp:42\n"
		"#2  0x00005555555551e1 in codegen::runInferTopKPath0 (v=3) at /home/ci/work/out2-gcc-O1-plain/src/kernels.cpp:43\n";
	const char *other_line =
		"Program received signal SIGSEGV, Segmentation fault.\n"
		"#0  0x0000555555555296 in codegen::inferTopK (v=<optimized out>) at /home/ci/work/out2-gcc-O1-plain/src/kernels.cpp:39\n"
		"#1  0x00005555555552c4 in codegen::inferTopKStep1 (v=7) at /home/ci/work/out2-gcc-O1-plain/src/kernels.cpp:44\n"
		"#2  0x00005555555552e1 in codegen::runInferTopKPath1 (v=3) at /home/ci/work/out2-gcc-O1-plain/src/kernels.cpp:45\n";
	(void)state;
	assert_true(similar(asan, gdb));
	assert_false(similar(asan, other_line));
	assert_false(similar(gdb, other_line));
}

/* A use-after-free read through an inline getter of a header: its
** statement is its caller's. Two callers at two statements are two
** bugs; one caller at a moved line (another version) is one. */
static void test_triage__similar_inline_helper_needs_caller(void **state)
{
	const char *a =
		"==1==ERROR: AddressSanitizer: heap-use-after-free on address 0x61200002d988\n"
		"READ of size 1 at 0x61200002d988 thread T0\n"
		"    #0 0x558c1bf788d8 in val_type /s/src/types.h:650:18\n"
		"    #1 0x558c1bf90579 in compare_values /s/src/ops.c:2259:11\n"
		"    #2 0x558c1bf5af12 in compare_objects /s/src/objects.c:2082:57\n"
		"    #3 0x558c1bf5af99 in run /s/src/main.c:20:3\n";
	const char *b =
		"==7==ERROR: AddressSanitizer: heap-use-after-free on address 0x50d000001bf0\n"
		"READ of size 1 at 0x50d000001bf0 thread T0\n"
		"    #0 0x5566fc2e3e40 in val_type /w/src/types.h:650:18\n"
		"    #1 0x5566fc2e3e40 in concat_values /w/src/ops.c:2045:7\n"
		"    #2 0x5566fc051016 in binary_op /w/src/exec.c:1649:9\n"
		"    #3 0x5566fc051099 in run /w/src/main.c:20:3\n";
	const char *a_moved =
		"==9==ERROR: AddressSanitizer: heap-use-after-free on address 0x61200002d988\n"
		"READ of size 1 at 0x61200002d988 thread T0\n"
		"    #0 0x558c1bf788d8 in val_type /v/src/types.h:652:18\n"
		"    #1 0x558c1bf90579 in compare_values /v/src/ops.c:2270:11\n"
		"    #2 0x558c1bf5af12 in compare_objects /v/src/objects.c:2090:57\n"
		"    #3 0x558c1bf5af99 in run /v/src/main.c:20:3\n";
	(void)state;
	assert_false(similar(a, b));
	assert_true(similar(a, a_moved));
}

/* One statement, named two ways: gdb names the function inlined into
** main at the faulting line, lldb names the caller it was inlined into;
** the file and line agree. main alone at a line proves nothing (the
** optimiser may merge two bugs' code into one instruction), nor does a
** header's line (every caller's template). */
static void test_triage__similar_same_statement(void **state)
{
	const char *gdb =
		"Program received signal SIGSEGV, Segmentation fault.\n"
		"#0  0x0000555555556414 in graph::tileSlice (v=56) at /b3/src/kernels.cpp:77\n"
		"#1  0x0000555555556431 in graph::runTileSlicePath0 (v=3) at /b3/src/kernels.cpp:79\n"
		"#2  0x0000555555556451 in main (argc=4, argv=0x7ff) at /b3/src/kernels.cpp:400\n";
	const char *lldb =
		"* thread #1, name = 'graphc', stop reason = signal SIGSEGV: invalid address (fault address: 0x10)\n"
		"  * frame #0: 0x000055555555610b graphc`graph::tileSliceStep1(v=<unavailable>) at kernels.cpp:77:40\n"
		"    frame #1: 0x000055555555620b graphc`graph::runTileSlicePath1(int) at kernels.cpp:81:12\n"
		"    frame #2: 0x000055555555630b graphc`main at kernels.cpp:401:3\n";
	const char *main_only =
		"* thread #1, name = 'graphc', stop reason = signal SIGSEGV: invalid address (fault address: 0x10)\n"
		"  * frame #0: 0x000055555555610b graphc`main at kernels.cpp:77:40\n";
	const char *hdr_a =
		"Program received signal SIGSEGV, Segmentation fault.\n"
		"#0  0x0000555555556414 in Vec::get (v=56) at /b3/src/vec.h:12\n"
		"#1  0x0000555555556431 in graph::padConv (v=3) at /b3/src/kernels.cpp:90\n";
	const char *hdr_b =
		"Program received signal SIGSEGV, Segmentation fault.\n"
		"#0  0x0000555555556414 in graph::foldPad (v=56) at /b3/src/vec.h:12\n"
		"#1  0x0000555555556431 in graph::runFoldPad (v=3) at /b3/src/kernels.cpp:95\n";
	/* lldb names the inlined std::vector check by its caller, at the
	** header's line; the caller's own line below it is the statement */
	const char *lldb_check =
		"* thread #1, name = 'graphc', stop reason = signal SIGABRT\n"
		"    frame #2: 0x00007ffff7a44472 libc.so.6`__GI_abort at abort.c:79:7\n"
		"    frame #3: 0x00007ffff7cd09ee libstdc++.so.6`std::__glibcxx_assert_fail(char const*, int, char const*, char const*) + 94\n"
		"    frame #4: 0x000055555555a0af graphc`graph::runPadPath1(int) at stl_vector.h:1123:2\n"
		"    frame #5: 0x000055555555a090 graphc`graph::runPadPath1(int) at kernels.cpp:259:92\n"
		"    frame #6: 0x0000555555556629 graphc`main at kernels.cpp:598:56\n";
	const char *asan_check =
		"/usr/include/c++/12/bits/stl_vector.h:1123: std::vector<_Tp, _Alloc>::reference std::vector<_Tp, _Alloc>::operator[](size_type) [with _Tp = long int; _Alloc = std::allocator<long int>; reference = long int&; size_type = long unsigned int]: Assertion '__n < this->size()' failed.\n"
		"==1==ERROR: AddressSanitizer: ABRT on unknown address 0x1\n"
		"    #0 0x5555 in abort\n"
		"    #1 0x5556 in std::__glibcxx_assert_fail(char const*, int, char const*, char const*)\n"
		"    #2 0x5557 in graph::pad(int) /s/kernels.cpp:259:40\n"
		"    #3 0x5558 in graph::padStep1(int) /s/kernels.cpp:262:5\n"
		"    #4 0x5559 in graph::runPadPath1(int) /s/kernels.cpp:263:5\n";
	const char *other_check =
		"/usr/include/c++/12/bits/stl_vector.h:1123: std::vector<_Tp, _Alloc>::reference std::vector<_Tp, _Alloc>::operator[](size_type) [with _Tp = long int; _Alloc = std::allocator<long int>; reference = long int&; size_type = long unsigned int]: Assertion '__n < this->size()' failed.\n"
		"==1==ERROR: AddressSanitizer: ABRT on unknown address 0x1\n"
		"    #0 0x5555 in abort\n"
		"    #1 0x5556 in std::__glibcxx_assert_fail(char const*, int, char const*, char const*)\n"
		"    #2 0x5557 in graph::tile(int) /s/kernels.cpp:301:40\n"
		"    #3 0x5558 in graph::tileStep1(int) /s/kernels.cpp:302:5\n";
	(void)state;
	assert_true(similar(lldb_check, asan_check));
	assert_false(similar(lldb_check, other_check));
	assert_true(similar(gdb, lldb));
	assert_false(similar(gdb, main_only));
	assert_false(similar(lldb, main_only));
	assert_false(similar(hdr_a, hdr_b));
}

/* A paste that cut an exception's message short, same frames. */
static void test_triage__similar_cut_message(void **state)
{
	const char *whole =
		"Traceback (most recent call last):\n"
		"  File \"/opt/graphc/lib/graphc.py\", line 30, in via_cli\n"
		"  File \"/opt/graphc/lib/graphc.py\", line 21, in topo_order\n"
		"  File \"/opt/graphc/lib/graphc.py\", line 21, in topo_order\n"
		"RecursionError: maximum recursion depth exceeded while calling a Python object\n";
	const char *cut =
		"Traceback (most recent call last):\n"
		"  File \"/opt/graphc/lib/graphc.py\", line 30, in via_cli\n"
		"  File \"/opt/graphc/lib/graphc.py\", line 21, in topo_order\n"
		"  File \"/opt/graphc/lib/graphc.py\", line 21, in topo_order\n"
		"RecursionError: maximum recursion depth exceeded while calling a Python\n";
	const char *other =
		"Traceback (most recent call last):\n"
		"  File \"/opt/graphc/lib/graphc.py\", line 30, in via_cli\n"
		"  File \"/opt/graphc/lib/graphc.py\", line 21, in topo_order\n"
		"  File \"/opt/graphc/lib/graphc.py\", line 21, in topo_order\n"
		"RecursionError: maximum recursion depth exceeded in comparison\n";
	(void)state;
	assert_true(similar(whole, cut));
	assert_false(similar(cut, other));
}

/* Another process's line printed after lines that are all of one length
** (a UBSan report and its frames of one module) is not a paste's wrap:
** ")" or "'" then "[worker 3]" cut no word. A UBSan line a paste did cut,
** its message short, still meets the whole one at its source line. */
static void test_triage__ubsan_interleaved_and_cut(void **state)
{
	const char *interleaved =
		"/home/ci/work/tmp-b9-clang-16-O3-ubsan/src/kernels.cpp:353:77: runtime error: shift exponent 34 is too large for 32-bit type 'int'\n"
		"[worker 3] compiled graph 1: 0 errors\n"
		"    #0 0x55fbcbaf3080  (/home/ci/work/tmp-b9-clang-16-O3-ubsan/graphc+0x40080) (BuildId: afeee89f5384855580159503d20daf64f676b08b)\n"
		"    #1 0x55fbcbaf30c3  (/home/ci/work/tmp-b9-clang-16-O3-ubsan/graphc+0x400c3) (BuildId: afeee89f5384855580159503d20daf64f676b08b)\n"
		"    #2 0x55fbcbaf6af4  (/home/ci/work/tmp-b9-clang-16-O3-ubsan/graphc+0x43af4) (BuildId: afeee89f5384855580159503d20daf64f676b08b)\n"
		"[worker 5] compiled graph 4: 0 errors\n"
		"    #3 0x7f0bc6165249 in __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16\n"
		"    #5 0x55fbcbac3420  (/home/ci/work/tmp-b9-clang-16-O3-ubsan/graphc+0x10420) (BuildId: afeee89f5384855580159503d20daf64f676b08b)\n"
		"[worker 5] compiled graph 7: 0 errors\n";
	const char *named =
		"/home/ci/work/work84-clang-16-O1-ubsan/src/kernels.cpp:353:77: runtime error: shift exponent 33 is too large for 32-bit type 'int'\n"
		"    #0 0x55e22cd0dd2a in ir::detail::canonicalizeGemm(int) /home/ci/work/work84-clang-16-O1-ubsan/src/kernels.cpp:353:77\n"
		"    #1 0x55e22cd0dd2a in ir::detail::canonicalizeGemmStep2(int) /home/ci/work/work84-clang-16-O1-ubsan/src/kernels.cpp:358:58\n";
	const char *cut =
		"/home/ci/work/tmp-b48-gcc-O2-ubsan/src/kernels.cpp:75:70: runtime error: signed integer overflow: 56\n"
		" + 2147483647 cannot be represented in type 'int'\n"
		"    #0 0x5646e0652279  (/home/ci/work/tmp-b48-gcc-O2-ubsan/graphc+0x2a279)\n"
		"    #1 0x7fb45ae45249 in __libc_start_call_main ../sysdeps/nptl/libc_start_call_main.h:58\n";
	const char *whole =
		"/home/ci/work/build42-clang-16-O2-ubsan/src/kernels.cpp:75:68: runtime error: signed integer overflow: 2147483647 + 50 cannot be represented in type 'int'\n"
		"    #0 0x55bf5b7fab4a  (/home/ci/work/build42-clang-16-O2-ubsan/graphc+0x39b4a)\n"
		"    #1 0x55bf5b7fab83  (/home/ci/work/build42-clang-16-O2-ubsan/graphc+0x39b83)\n";
	const char *other_line =
		"/home/ci/work/build42-clang-16-O2-ubsan/src/kernels.cpp:76:68: runtime error: signed integer overflow: 2147483647 + 50 cannot be represented in type 'int'\n"
		"    #0 0x55bf5b7fab4a  (/home/ci/work/build42-clang-16-O2-ubsan/graphc+0x39b4a)\n";
	triage_sig a = sig_of(interleaved, 0);

	(void)state;
	assert_string_equal(a.message, "shift exponent N is too large for N-bit type 'int'");
	assert_true(similar(interleaved, named));
	assert_true(similar(cut, whole));
	assert_false(similar(cut, other_line));
	triage_sig_free(&a);
}

/* ASan describes the stack object an access overflowed from data the
** compiler put in the program: a stripped build's report names the
** variable and its line as a symbolised one does (Clang renames an
** inlined copy "a.i.i"); another variable's line is another bug. */
static void test_triage__asan_stack_object_survives_stripping(void **state)
{
	const char *stripped =
		"==14675==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x7ffd1bee1eb0 at pc 0x5572cef868e9 bp 0x7ffd1bee1e60 sp 0x7ffd1bee1e58\n"
		"READ of size 4 at 0x7ffd1bee1eb0 thread T0\n"
		"    #0 0x5572cef868e8  (/home/ci/work/work31-gcc-11-O1-asan/graphc+0x28e8)\n"
		"    #1 0x5572cef8691c  (/home/ci/work/work31-gcc-11-O1-asan/graphc+0x291c)\n"
		"    #2 0x5572cef86937  (/home/ci/work/work31-gcc-11-O1-asan/graphc+0x2937)\n"
		"\n"
		"Address 0x7ffd1bee1eb0 is located in stack of thread T0 at offset 64 in frame\n"
		"  This frame has 1 object(s):\n"
		"    [32, 64) 'a' (line 55) <== Memory access at offset 64 overflows this variable\n";
	const char *named =
		"==14623==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x7ffc7e25aa80 at pc 0x56167f2d066a bp 0x7ffc7e25aa20 sp 0x7ffc7e25aa18\n"
		"READ of size 4 at 0x7ffc7e25aa80 thread T0\n"
		"    #0 0x56167f2d0669 in onnx::lowerPad(int) /home/ci/work/ci51-clang-O3-asan/src/kernels.cpp:55\n"
		"    #1 0x56167f2cde71 in main /home/ci/work/ci51-clang-O3-asan/src/kernels.cpp:519\n"
		"\n"
		"Address 0x7ffc7e25aa80 is located in stack of thread T0 at offset 64 in frame\n"
		"  This frame has 1 object(s):\n"
		"    [32, 64) 'a.i.i' (line 55) <== Memory access at offset 64 overflows this variable\n";
	const char *other =
		"==14675==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x7ffd1bee1eb0 at pc 0x5572cef868e9 bp 0x7ffd1bee1e60 sp 0x7ffd1bee1e58\n"
		"READ of size 4 at 0x7ffd1bee1eb0 thread T0\n"
		"    #0 0x5572cef868e8  (/home/ci/work/work31-gcc-11-O1-asan/graphc+0x38e8)\n"
		"    #1 0x5572cef8691c  (/home/ci/work/work31-gcc-11-O1-asan/graphc+0x391c)\n"
		"\n"
		"  This frame has 1 object(s):\n"
		"    [32, 64) 'a' (line 185) <== Memory access at offset 64 overflows this variable\n";
	(void)state;
	assert_true(similar(stripped, named));
	assert_false(similar(other, named));
	assert_false(similar(other, stripped));
}

/* A paste hard-wrapped at 72 columns, and a ctest prefix on every line. */
static void test_triage__wrapped_and_prefixed_logs(void **state)
{
	const char *whole =
		"mlir-opt: /home/build/llvm-project/mlir/lib/IR/Operation.cpp:123: void mlir::Operation::setOperand(unsigned int, mlir::Value): Assertion `idx < getNumOperands() && \"invalid operand index\"' failed.\n";
	gred_buf wrapped = {0}, prefixed = {0};
	const char *p;
	triage_sig a, b, c;
	size_t i;

	(void)state;
	for (i = 0; i < 2; i++)
		buf_printf(&wrapped, "%-71s.\n", "Running the pass pipeline on the input module");
	for (p = whole; *p; p += i) {
		i = strlen(p) > 72 ? 72 : strlen(p);
		buf_append(&wrapped, p, i);
		if (i == 72)
			buf_puts(&wrapped, "\n");
	}
	buf_printf(&prefixed, "7: Test command: /b/t\n7: %s1/1 Test #7: t ***Failed\n", whole);
	a = sig_of(whole, 0);
	b = sig_of(wrapped.data, 0);
	c = sig_of(prefixed.data, 0);
	assert_string_equal(a.kind, "assert");
	assert_string_equal(a.message, b.message);
	{
		/* the lines that made it, as the re-joined log numbers them */
		triage_options o;
		triage_sig x;
		gred_error e;
		triage_options_init(&o);
		o.explain = 1;
		assert_int_equal(triage_sig_compute(&x, wrapped.data, wrapped.len, &o, &e), 0);
		assert_non_null(x.explain);
		assert_non_null(strstr(x.explain, "mlir-opt: /home/build/llvm-project/mlir/lib/IR/Operation.cpp:123:"));
		assert_non_null(strstr(x.explain, "\"invalid operand index\"' failed."));
		triage_sig_free(&x);
	}
	assert_string_equal(a.message, c.message);
	triage_sig_free(&a);
	triage_sig_free(&b);
	triage_sig_free(&c);
	buf_free(&wrapped);
	buf_free(&prefixed);
}

/* Posted crash logs in the shapes issue trackers get them (all made up
** here: own tools, functions and paths). */

/* lld-link on Windows: "LLVM error :", an indented stack dump, frames
** named by the nearest export; two versions of the tool, one bug. */
static void test_triage__windows_llvm_error(void **state)
{
	const char *v20 =
		"LINK : LLVM error : Cannot select: intrinsic %llvm.widget.spin.8\n"
		"  PLEASE submit a bug report to https://example.org/ and include the crash backtrace.\n"
		"  Stack dump:\n"
		"  0.\tRunning pass 'Function Pass Manager' on module 'spin.obj'.\n"
		"  Exception Code: 0xC000001D\n"
		"   0 0x00007ff70d4117e6 xmlGetWidget (C:\\Tools20\\bin\\lnk.exe+0x1b017e6)\n"
		"   1 0x00007ff70d34bb22 (C:\\Tools20\\bin\\lnk.exe+0x1a3bb22)\n";
	const char *v18 =
		"  LINK : LLVM error : Cannot select: intrinsic %llvm.widget.spin.8\n"
		"  Stack dump:\n"
		"   0 0x00007ff718b6f7f6 xmlGetWidget (C:\\Tools18\\bin\\lnk.exe+0x210f7f6)\n"
		"   1 0x00007ffb7d8ae6d5 (C:\\windows\\System32\\ucrtbase.dll+0x7e6d5)\n";
	const char *other =
		"LINK : LLVM error : Cannot select: intrinsic %llvm.widget.stop\n"
		"  Stack dump:\n"
		"   0 0x00007ff70d4117e6 xmlGetWidget (C:\\Tools20\\bin\\lnk.exe+0x1b017e6)\n";
	triage_sig a = sig_of(v20, 0);

	(void)state;
	assert_string_equal(a.kind, "llvm-error");
	assert_string_equal(a.message, "Cannot select: intrinsic %llvm.widget.spin.N");
	assert_true(a.nframes >= 1);
	assert_string_equal(a.frames[0], "xmlGetWidget");
	assert_true(similar(v20, v18));
	assert_false(similar(v20, other));
	triage_sig_free(&a);
}

/* A runtime's own assert.h line, and libc++'s uncaught exception, which
** names the same exception as libstdc++'s terminate does. */
static void test_triage__runtime_assert_and_libcxx_terminate(void **state)
{
	triage_sig libcxx = sig_of("libc++abi: terminating due to uncaught exception of type "
		"gizmo::rt::Fault: [10:42:06] /Users/me/gizmo/src/model.cc:41: Fault: "
		"check failed: (config_ok) is false:\n", 0);
	triage_sig libstdcxx = sig_of("terminate called after throwing an instance of 'gizmo::rt::Fault'\n"
		"  what():  [09:01:17] /home/ci/gizmo/src/model.cc:41: Fault: check failed: "
		"(config_ok) is false:\nAborted (core dumped)\n", 0);

	(void)state;
	expect_sig("assert.h assertion failed at gizmo/vm/regs.cc:110 in void "
		"gizmo::vm::Regs::release(uint8_t): live.test(reg & 0x3F)  \n",
		"assert", "gizmo::vm::Regs::release: live.test(reg & 0x3F) at regs.cc",
		NULL, NULL, NULL);
	assert_string_equal(libcxx.kind, "uncaught-exception:gizmo::rt::Fault");
	assert_string_equal(libcxx.kind, libstdcxx.kind);
	assert_string_equal(libcxx.message, libstdcxx.message);
	triage_sig_free(&libcxx);
	triage_sig_free(&libstdcxx);
}

/* c10::Error's report on Windows: where it was raised, and its frames
** below the error's own constructor. */
static void test_triage__c10_error_frames(void **state)
{
	(void)state;
	expect_sig("Exception raised from Spooler at ..\\src\\io\\Spooler.cpp:127 (most recent call first):\n"
		"00007FFDD6DFA23200007FFDD6DFA1D0 c10.dll!c10::Error::Error [<unknown file> @ <unknown line number>]\n"
		"00007FFDD6DF9BAF00007FFDD6DF9B70 c10.dll!c10::detail::torchInternalAssertFail [<unknown file> @ <unknown line number>]\n"
		"00007FFDA802CDF500007FFDA802C630 gizmo_cpu.dll!io::Spooler::Spooler [<unknown file> @ <unknown line number>]\n"
		"00007FFDA802D6FB00007FFDA802D680 gizmo_cpu.dll!io::Spooler::open [<unknown file> @ <unknown line number>]\n",
		"torch-error", "Spooler", "io::Spooler::Spooler", "io::Spooler::open", NULL);
}

/* rustc's "unexpected panic" says nothing of which bug; a full
** backtrace pasted from its middle, with only the compiler thread's
** frames, neither. Each such log stands alone. */
static void test_triage__rust_ice_without_panic_line(void **state)
{
	const char *ice =
		"error: internal compiler error: unexpected panic\n\n"
		"note: the compiler unexpectedly panicked. this is a bug.\n\n"
		"query stack during panic:\n#0 [type_of] computing type of `Spin`\nend of query stack\n";
	const char *tail =
		"  41:     0x7f41eaebb2d5 - <alloc::boxed::Box<F,A> as core::ops::function::FnOnce<Args>>::call_once::habd582f39dd9789c\n"
		"                               at /rustc/0123abcd/library/alloc/src/boxed.rs:2007:9\n"
		"  42:     0x7f41eaebb2d5 - std::sys::unix::thread::Thread::new::thread_start::ha6c33fae81256bd2\n"
		"  43:     0x7f41e955d67e - start_thread\n  44:     0x7f41e955e6a1 - clone\n";
	triage_sig named = sig_of(
		"  7:     0x7f41eaeb0001 - spinner[0a1b2c3d]::gear::turn::h0123456789abcdef\n"
		"  8:     0x7f41eaebb2d5 - std::sys::unix::thread::Thread::new::thread_start::ha6c33fae81256bd2\n", 0);

	(void)state;
	expect_alone(ice, "rust-ice", "");
	expect_alone(tail, "rust-panic", "");
	assert_false(similar(ice, tail));
	assert_int_equal(named.nframes, 1);
	assert_non_null(strstr(named.frames[0], "gear::turn"));
	triage_sig_free(&named);
}

/* rustc's bug!() panics with "Box<dyn Any>" at one line of its error
** crate, whatever the bug: the "internal compiler error" line before it
** says which, its path spelled by Windows or Linux, the user's item
** and crate hash blanked. A placeholder panic with nothing else stands
** alone; frames past the reporting machinery say where. */
static void test_triage__rust_placeholder_panic(void **state)
{
	const char *win =
		"   Compiling gizmo v0.3.1\n"
		"error: internal compiler error: compiler\\rustc_monomorphize\\src\\collector.rs:1038:9: no MIR available for DefId(24:3011 ~ gizmo_core[3156]::gear::{impl#0}::spin)\n\n"
		"thread 'rustc' panicked at 'Box<dyn Any>', /rustc/c4190f2d3a46a59f435f7b42f58bc22b2f4d6917\\compiler\\rustc_errors\\src\\lib.rs:1650:9\n"
		"stack backtrace:\n"
		"   0:     0x7ffe2be7618c - <std::sys_common::backtrace::_print::DisplayBacktrace as core::fmt::Display>::fmt::h589fff291caad0e9\n"
		"   1:     0x7ffe2beaed9b - core::fmt::write::h2171a44e38cedecb\n"
		"   2:     0x7ffd\n";
	const char *unix_ice =
		"error: internal compiler error: compiler/rustc_monomorphize/src/collector.rs:1038:9: no MIR available for DefId(28:2987 ~ gizmo_core[0d8e]::gear::{impl#0}::spin)\n\n"
		"thread 'rustc' panicked at compiler/rustc_errors/src/lib.rs:1650:9:\n"
		"Box<dyn Any>\n";
	const char *other =
		"error: internal compiler error: compiler/rustc_middle/src/ty/sty.rs:2210:18: tuple_fields called on non-tuple\n\n"
		"thread 'rustc' panicked at 'Box<dyn Any>', /rustc/c4190f2d3a46a59f435f7b42f58bc22b2f4d6917/compiler/rustc_errors/src/lib.rs:1650:9\n";
	const char *bare =
		"thread 'rustc' panicked at 'Box<dyn Any>', /rustc/c4190f2d3a46a59f435f7b42f58bc22b2f4d6917/compiler/rustc_errors/src/lib.rs:1650:9\n"
		"stack backtrace:\n"
		"   0:        0x10555a3b0 - std::panicking::begin_panic::<rustc_errors[ac6459121bcf5402]::ExplicitBug>\n";
	const char *framed =
		"thread 'rustc' panicked at 'Box<Any>', src/librustc_errors/lib.rs:636:9\n"
		"stack backtrace:\n"
		"   4: rustc::util::common::panic_hook\n"
		"   5: std::panicking::rust_panic_with_hook\n"
		"   6: rustc_errors::Handler::bug\n"
		"   7: rustc::util::bug::opt_span_bug_fmt::{{closure}}\n"
		"   8: rustc::ty::context::tls::with_opt\n"
		"   9: rustc_mir::monomorphize::collector::collect_items_rec\n"
		"  10: rustc_mir::monomorphize::collector::collect_crate_mono_items\n";
	triage_sig a = sig_of(win, 0), b = sig_of(unix_ice, 0), c = sig_of(other, 0),
		f = sig_of(framed, 0);

	(void)state;
	assert_string_equal(a.kind, "rust-ice");
	assert_string_equal(a.message, "collector.rs:N:N: no MIR available for DefId(?)");
	assert_int_equal(a.nframes, 0);  /* "2: 0x7ffd" was cut, not a name */
	assert_true(a.hash == b.hash);
	assert_string_equal(c.message, "sty.rs:N:N: tuple_fields called on non-tuple");
	assert_true(a.hash != c.hash);
	expect_alone(bare, "rust-ice", "");
	/* the user's code rustc quotes in backquotes; the ICE line with
	** the old ICE hook's frames (the backtrace crate's capture, then
	** the error crate's) matches it alone */
	assert_true(similar(
		"error: internal compiler error: src/librustc_mir/build/matches/test.rs:99:13: Unexpected type for constructor `Variant(0)`: `&Foo`\n"
		"thread 'rustc' panicked at 'Box<Any>', src/librustc_errors/lib.rs:881:9\n",
		"error: internal compiler error: src/librustc_mir/build/matches/test.rs:99:13: Unexpected type for constructor `Variant(1)`: `&bar::Baz<u8>`\n"
		"thread 'rustc' panicked at 'Box<Any>', src/librustc_errors/lib.rs:881:9\n"
		"stack backtrace:\n"
		"   0: backtrace::backtrace::libunwind::trace\n"
		"             at /cargo/registry/src/github.com-1ecc6299db9ec823/backtrace-0.3.40/src/backtrace/libunwind.rs:88\n"
		"   1: rustc_errors::HandlerInner::bug\n"
		"   2: rustc_mir::build::matches::test::sort_candidate\n"
		"   3: rustc_mir::build::matches::match_candidates\n"));
	assert_false(similar(
		"error: internal compiler error: src/librustc_mir/build/matches/test.rs:99:13: Unexpected type for constructor `Variant(0)`: `&Foo`\n",
		"error: internal compiler error: src/librustc_mir/build/matches/test.rs:99:13: Switch on discriminant of non-ADT\n"));
	assert_string_equal(f.kind, "rust-ice");
	assert_string_equal(f.message, "");
	assert_int_equal(f.nframes, 2);
	assert_string_equal(f.frames[0], "rustc_mir::monomorphize::collector::collect_items_rec");
	triage_sig_free(&a);
	triage_sig_free(&b);
	triage_sig_free(&c);
	triage_sig_free(&f);
}

/* One panic of rustc through three pastes: a macOS build (symbols with
** a leading underscore, crate hashes in its method paths), a Linux one
** without hashes, and one that starts lower in the backtrace. The same
** words at the same line, with the frames further down, are one bug;
** the same words at another line, or the line without frames in
** common, are not. */
static void test_triage__rust_panic_paste_starts_lower(void **state)
{
	const char *mac =
		"thread 'rustc' panicked at compiler/rustc_hir_typeck/src/method/suggest.rs:3299:24:\n"
		"index out of bounds: the len is 1 but the index is 1\n"
		"stack backtrace:\n"
		"   0:        0x10330a0c4 - _rust_begin_unwind\n"
		"   1:        0x103363a30 - core::panicking::panic_fmt::h0123456789abcdef\n"
		"   2:        0x10e4f2a40 - rustc_hir_typeck[3527dd3ab8e93e18]::method::suggest::print_disambiguation_help\n"
		"   3:        0x10e4f3b00 - <rustc_hir_typeck[3527dd3ab8e93e18]::fn_ctxt::FnCtxt>::note_candidates_on_method_error\n"
		"   4:        0x10e4f4c00 - <rustc_hir_typeck[3527dd3ab8e93e18]::fn_ctxt::FnCtxt>::report_no_match_method_error\n"
		"   5:        0x10e4f5d00 - <rustc_hir_typeck[3527dd3ab8e93e18]::fn_ctxt::FnCtxt>::report_method_error\n";
	const char *lower =
		"thread 'rustc' panicked at compiler/rustc_hir_typeck/src/method/suggest.rs:3299:24:\n"
		"index out of bounds: the len is 2 but the index is 2\n"
		"  14:     0x7f0b6e0a1234 - <rustc_hir_typeck[3fa998acef9546fd]::fn_ctxt::FnCtxt>::report_no_match_method_error\n"
		"  15:     0x7f0b6e0a2345 - <rustc_hir_typeck[3fa998acef9546fd]::fn_ctxt::FnCtxt>::report_method_error\n"
		"  16:     0x7f0b6e0a3456 - <rustc_hir_typeck[3fa998acef9546fd]::fn_ctxt::FnCtxt>::check_expr_kind\n";
	const char *other_line =
		"thread 'rustc' panicked at compiler/rustc_hir_typeck/src/method/suggest.rs:3120:24:\n"
		"index out of bounds: the len is 2 but the index is 2\n"
		"  14:     0x7f0b6e0a1234 - <rustc_hir_typeck[3fa998acef9546fd]::fn_ctxt::FnCtxt>::report_no_match_method_error\n"
		"  15:     0x7f0b6e0a2345 - <rustc_hir_typeck[3fa998acef9546fd]::fn_ctxt::FnCtxt>::report_method_error\n";
	const char *elsewhere =
		"thread 'rustc' panicked at compiler/rustc_hir_typeck/src/method/suggest.rs:3299:24:\n"
		"index out of bounds: the len is 2 but the index is 2\n"
		"  14:     0x7f0b6e0a1234 - <rustc_hir_typeck[3fa998acef9546fd]::fn_ctxt::FnCtxt>::check_block_with_expected\n"
		"  15:     0x7f0b6e0a2345 - rustc_hir_typeck::check::check_fn\n";
	triage_sig m = sig_of(mac, 0);

	(void)state;
	assert_int_equal(m.nframes, 3);
	assert_string_equal(m.frames[0], "rustc_hir_typeck::method::suggest::print_disambiguation_help");
	assert_string_equal(m.frames[1], "<rustc_hir_typeck::fn_ctxt::FnCtxt>::note_candidates_on_method_error");
	triage_sig_free(&m);
	assert_true(similar(mac, lower));
	assert_false(similar(mac, other_line));
	assert_false(similar(mac, elsewhere));
	/* another version: the line moved, the frames are the same */
	assert_true(similar(lower, "thread 'rustc' panicked at compiler/rustc_hir_typeck/src/method/suggest.rs:3310:24:\n"
		"index out of bounds: the len is 1 but the index is 1\n"
		"  12:     0x7f0b6e0a1234 - <rustc_hir_typeck[77aa998acef9546f]::fn_ctxt::FnCtxt>::report_no_match_method_error\n"
		"  13:     0x7f0b6e0a2345 - <rustc_hir_typeck[77aa998acef9546f]::fn_ctxt::FnCtxt>::report_method_error\n"));
	assert_false(similar(lower, other_line));  /* 179 lines away */
	/* without frames the line is all there is, but for an assert!'s
	** condition, which names its check */
	assert_false(similar("thread 'rustc' panicked at 'key not found', src/table.rs:515:9\n",
		"thread 'rustc' panicked at 'key not found', src/table.rs:516:9\n"));
	assert_true(similar("thread 'rustc' panicked at 'assertion failed: pos <= self.len()', src/enc.rs:445:9\n",
		"thread 'rustc' panicked at 'assertion failed: pos <= self.len()', src/enc.rs:435:9\n"));
	assert_false(similar("thread 'rustc' panicked at 'assertion failed: pos <= self.len()', src/enc.rs:445:9\n",
		"thread 'rustc' panicked at 'assertion failed: pos <= self.len()', src/enc.rs:345:9\n"));
}

/* GCC's internal compiler error: the ICE line heads its backtrace, whose
** signal handler, error reporting and pass manager go; a frameless report
** of the signal that stopped the compiler stands alone, and one with a
** message joins by it. Go's panic with the goroutine that ran it, not the
** others GOTRACEBACK=all lists; a Java exception with its frames, the
** JDK's own, a module's prefix and a cause below it. */
static void test_triage__compiler_and_managed_shapes(void **state)
{
	(void)state;
	expect_sig("during GIMPLE pass: vect\n"
		"t.c: In function 'foo':\n"
		"t.c:3:6: internal compiler error: in vect_transform_stmt, at tree-vect-stmts.cc:12345\n"
		"    3 | void foo(int *a)\n"
		"      |      ^~~\n"
		"0x1b2c3d4 fancy_abort(char const*, int, char const*)\n"
		"\t../../gcc/diagnostic.cc:2232\n"
		"0x1234567 vect_transform_stmt(vec_info*, _stmt_vec_info*, gimple_stmt_iterator*, _slp_tree*, _slp_instance*)\n"
		"\t../../gcc/tree-vect-stmts.cc:12345\n"
		"0x2345678 vect_transform_loop(_loop_vec_info*, gimple*)\n"
		"\t../../gcc/tree-vect-loop.cc:11200\n"
		"0x3456789 execute_one_pass(opt_pass*)\n"
		"\t../../gcc/passes.cc:2644\n"
		"Please submit a full bug report, with preprocessed source (by using -freport-bug).\n",
		"ice", "in vect_transform_stmt, at tree-vect-stmts.cc:N",
		"vect_transform_stmt", "vect_transform_loop", NULL);
	expect_sig("x.cc:9:1: internal compiler error: Segmentation fault\n"
		"0xe1f2a3 crash_signal\n"
		"\t../../gcc/toplev.cc:314\n"
		"0x8a9b0c tsubst_copy(tree_node*, tree_node*, int, tree_node*)\n"
		"\t../../gcc/cp/pt.cc:17000\n"
		"0x8a9c11 tsubst_expr(tree_node*, tree_node*, int, tree_node*)\n"
		"\t../../gcc/cp/pt.cc:19500\n",
		"ice", "Segmentation fault", "tsubst_copy", "tsubst_expr", NULL);
	expect_alone("big.c:40000:1: internal compiler error: Segmentation fault\n"
		"0x7f3c4ad8304f ???\n"
		"\t./signal/../sysdeps/unix/sysv/linux/x86_64/libc_sigaction.c:0\n"
		"0x7f3c4addec24 _int_malloc\n"
		"\t./malloc/malloc.c:3929\n",
		"ice", "Segmentation fault");
	expect_alone("g++: internal compiler error: Killed signal terminated program cc1plus\n",
		"ice", "Killed");
	expect_sig("panic: runtime error: index out of range [5] with length 3 [recovered]\n"
		"\tpanic: runtime error: index out of range [5] with length 3\n"
		"\n"
		"goroutine 18 [running]:\n"
		"testing.tRunner.func1.2({0x5a6b40, 0xc000020150})\n"
		"\t/usr/local/go/src/testing/testing.go:1526 +0x24e\n"
		"panic({0x5a6b40, 0xc000020150})\n"
		"\t/usr/local/go/src/runtime/panic.go:884 +0x213\n"
		"github.com/acme/graph/ir.(*Shape).Dim(...)\n"
		"\t/home/ci/graph/ir/shape.go:41\n"
		"github.com/acme/graph/ir.Broadcast[...]({0xc00001c0c0, 0x2, 0x2})\n"
		"\t/home/ci/graph/ir/bcast.go:77 +0x1d2\n"
		"\n"
		"goroutine 1 [chan receive]:\n"
		"testing.(*T).Run(0xc000007ba0, {0x5c1a2e?, 0x4d3e05?}, 0x5d2c40)\n"
		"\t/usr/local/go/src/testing/testing.go:1630 +0x405\n",
		"go-panic", "runtime error: index out of range [N] with length N",
		"github.com/acme/graph/ir.(*Shape).Dim", "github.com/acme/graph/ir.Broadcast[...]", NULL);
	expect_sig("Exception in thread \"main\" java.lang.IllegalStateException: shape mismatch: [1, 3] vs [3]\n"
		"\tat java.base/java.util.Objects.checkIndex(Objects.java:385)\n"
		"\tat org.acme.graph.Broadcast.infer(Broadcast.java:88)\n"
		"\tat org.acme.graph.Graph.lambda$check$0(Graph.java:41)\n"
		"\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1541)\n"
		"Caused by: java.lang.ArrayIndexOutOfBoundsException: Index 1 out of bounds for length 1\n"
		"\tat org.acme.graph.Shape.dim(Shape.java:12)\n"
		"\t... 3 more\n",
		"java:java.lang.IllegalStateException", "shape mismatch: [N] vs [N]",
		"org.acme.graph.Broadcast.infer", "org.acme.graph.Graph.lambda$check$0", "org.acme.graph.Shape.dim");
	/* a goroutine's stack pasted without its panic line: the entry path
	** alone, like a traceback cut before its exception */
	expect_alone("goroutine 1 [running]:\n"
		"main.lower(...)\n"
		"\t/src/lower.go:3 +0x1d\n"
		"main.main()\n"
		"\t/src/main.go:9 +0x2b\n",
		"managed", "");
	/* a Python exception that looks like a Java one, and no frame of
	** Java's under it, is not read as Java's */
	{
		triage_sig s = sig_of("torch.fx.proxy.TraceError: symbolically traced variables cannot be used\n", 0);
		assert_true(s.kind == NULL || strncmp(s.kind, "java:", 5) != 0);
		triage_sig_free(&s);
	}
}

/* More shapes of posted reports: TensorRT's first "Error Code" line (the
** ones after it are its consequences); Taichi's logger line and its
** stack traceback, with glibc's backtrace_symbols() frames; zsh's and
** Windows' words for a death; Microsoft's assertion line, also pasted
** from UTF-16 text with a space for each NUL byte, which joins the same
** condition spelled by glibc; IPython's traceback; an exception line
** pasted alone; a Rust panic printed by a hook with no thread. */
static void test_triage__runtime_report_shapes(void **state)
{
	triage_sig a, b;

	(void)state;
	expect_sig("[03/02/2024-10:11:12] [TRT] [W] Skipping tactic 0x0 due to exception\n"
		"[03/02/2024-10:11:12] [TRT] [E] 10: [optimizer.cpp::computeCosts::3869] Error Code 10: "
		"Internal Error (Could not find any implementation for node {ForeignNode[Gather_12]}.)\n"
		"[03/02/2024-10:11:12] [TRT] [E] 2: [builder.cpp::buildSerializedNetwork::751] Error Code 2: "
		"Internal Error (Assertion engine != nullptr failed. )\n",
		"tensorrt", "Internal Error (Could not find any implementation for node "
		"{ForeignNode[Gather_12]}.) at optimizer.cpp", NULL, NULL, NULL);
	expect_sig("[E 02/11/23 09:14:02.117 4242] [ir.cpp:visit@88] Assertion failure: stmt->ret_type.is_valid()\n"
		"\n"
		"***********************************\n"
		"* Taichi Compiler Stack Traceback *\n"
		"***********************************\n"
		"/opt/ti/_lib/core/taichi_python.so: taichi::Logger::error(std::string const&, bool)\n"
		"/opt/ti/_lib/core/taichi_python.so: taichi::lang::TypeCheck::visit(taichi::lang::BinaryOpStmt*)\n"
		"/opt/ti/_lib/core/taichi_python.so(+0x1234567) [0x7f0011234567]\n"
		"/opt/ti/_lib/core/taichi_python.so: taichi::lang::irpass::type_check(taichi::lang::IRNode*)\n",
		"taichi-error", "Assertion failure: stmt->ret_type.is_valid()",
		"taichi::lang::TypeCheck::visit", "taichi_python.so@0x567", "taichi::lang::irpass::type_check");
	expect_sig("Segfault caught:\n"
		"./graphc(fold_concat+0x2b) [0x55d0c0a0b12b]\n"
		"./graphc(run_passes+0x51) [0x55d0c0a0b251]\n"
		"/lib/x86_64-linux-gnu/libc.so.6(__libc_start_main+0xf3) [0x7f11a2c21083]\n"
		"zsh: segmentation fault  ./graphc model.onnx\n",
		"crash", "", "fold_concat", "run_passes", NULL);
	expect_alone("Process finished with exit code -1073741819 (0xC0000005)\n", "crash", "SIGSEGV");
	a = sig_of("Assertion failed: rank <= 4 && \"rank too big\", file C:\\src\\graph\\shape.cpp, line 212\n", 0);
	assert_string_equal(a.kind, "assert");
	b = sig_of("A s s e r t i o n   f a i l e d :   r a n k   < =   4   & &   \" r a n k   t o o   b i g \" ,"
		"   f i l e   C : \\ s r c \\ g r a p h \\ s h a p e . c p p ,   l i n e   2 1 2 \n", 0);
	assert_string_equal(a.message, b.message);
	triage_sig_free(&a);
	triage_sig_free(&b);
	assert_true(similar("Assertion failed: rank <= 4 && \"rank too big\", file C:\\src\\graph\\shape.cpp, line 212\n",
		"graphc: /src/graph/shape.cpp:212: int check_rank(int): Assertion `rank <= 4 && \"rank too big\"' failed.\n"));
	expect_sig("---------------------------------------------------------------------------\n"
		"KeyError                                  Traceback (most recent call last)\n"
		"Cell In[4], line 2\n"
		"      1 g = load('m.onnx')\n"
		"----> 2 fuse(g)\n"
		"\n"
		"File ~/work/fuser/passes.py:31, in fuse(graph)\n"
		"     29 def fuse(graph):\n"
		"---> 31     return table[graph.kind](graph)\n"
		"\n"
		"KeyError: 'conv3d'\n",
		"python:KeyError", "'?'", "passes.py:fuse", NULL, NULL);
	expect_sig("KeyError                                  Traceback (most recent call last)\n"
		"<ipython-input-4-1f2e3d4c5b6a> in <module>\n"
		"----> 1 fuse(g)\n"
		"\n"
		"~/envs/x/lib/python3.8/site-packages/fuser/passes.py in fuse(graph)\n"
		"     30 def fuse(graph):\n"
		"---> 31     return table[graph.kind](graph)\n"
		"\n"
		"KeyError: 'conv3d'\n",
		"python:KeyError", "'?'", "passes.py:fuse", "<ipython-input-4-1f2e3d4c5b6a>:<module>", NULL);
	expect_sig("ValueError: operand 2 of Concat has rank 3, expected 4\n",
		"python:ValueError", "operand N of Concat has rank N, expected N", NULL, NULL, NULL);
	expect_sig("panicked at src/lower.rs:41:9:\nno lowering for op Gelu\n",
		"rust-panic", "no lowering for op Gelu at lower.rs:41", NULL, NULL, NULL);
}

/* Other languages' and runtimes' crash reports: Julia's signal with its
** frames; Node.js's own fatal error and its native stack; .NET's
** unhandled exception and the runtime's fatal error; a Zig panic; WinDbg's
** `k`; LLVM's verifier through a front end, which names no bug by
** itself; a URL in a message; a Rust panic over several lines whose
** first quotes a value; Zig's stage1 assertions; Crystal's signals and
** exceptions. */
static void test_triage__language_runtime_shapes(void **state)
{
	(void)state;
	expect_sig("[7] signal (11): Segmentation fault\n"
		"in expression starting at /home/u/bench/run.jl:12\n"
		"jl_gc_mark at /src/julia/src/gc.c:2511\n"
		"lower_graph at /home/u/.julia/packages/Lower/src/lower.jl:88 [inlined]\n"
		"unknown function (ip: 0x7f0c1d2e3f40)\n"
		"gsignal at /lib/x86_64-linux-gnu/libc.so.6 (unknown line)\n",
		"crash", "", "jl_gc_mark", "lower_graph", NULL);
	expect_sig("FATAL ERROR: v8::ToLocalChecked Empty MaybeLocal\n"
		"----- Native stack trace -----\n"
		"\n"
		" 1: 0x10bdd2277 node::OnFatalError(char const*, char const*)\n"
		" 2: 0x10c025171 v8::Utils::ReportApiFailure(char const*, char const*)\n"
		" 3: 0x10bef84cc ort::InferenceSession::Run(Napi::CallbackInfo const&) [/n/onnxruntime_binding.node]\n"
		" 4: 0x10bef9900 Napi::InstanceWrap<ort::InferenceSession>::InstanceMethodCallbackWrapper(napi_env__*, napi_callback_info__*)\n",
		"node-fatal", "v8::ToLocalChecked Empty MaybeLocal", "ort::InferenceSession::Run",
		"Napi::InstanceWrap::InstanceMethodCallbackWrapper", NULL);
	expect_sig("Unhandled exception. System.InvalidOperationException: Sequence contains no elements\n"
		"   at System.Linq.ThrowHelper.ThrowNoElementsException()\n"
		"   at Graph.Fuser.Pick(IEnumerable`1 nodes) in C:\\src\\Fuser.cs:line 41\n"
		"   at Graph.Program.Main(String[] args) in C:\\src\\Program.cs:line 9\n",
		"dotnet:System.InvalidOperationException", "Sequence contains no elements",
		"System.Linq.ThrowHelper.ThrowNoElementsException", "Graph.Fuser.Pick", "Graph.Program.Main");
	expect_sig("Fatal error. Internal CLR error. (0x80131506)\n"
		"   at System.Diagnostics.Process.Start()\n"
		"   at Tool.Runner.Exec(System.String)\n",
		"clr-fatal", "Internal CLR error. (0x?)", "System.Diagnostics.Process.Start", "Tool.Runner.Exec", NULL);
	expect_sig("Semantic Analysis [812] thread 4242 panic: reached unreachable code\n"
		"/usr/lib/zig/std/debug.zig:412:14: 0x1ff3a1e in assert (zig)\n"
		"    if (!ok) unreachable; // assertion failure\n"
		"             ^\n"
		"/src/zig/src/Sema.zig:9120:25: 0x2a01c3d in resolveShape (zig)\n"
		"/src/zig/src/Sema.zig:8800:31: 0x2a0f00e in analyzeCall (zig)\n",
		"zig-panic", "reached unreachable code", "resolveShape", "analyzeCall", NULL);
	expect_sig("00 0000001c`7918b640 00007ff8`cb6982eb KERNELBASE!RaiseException+0x68\n"
		"01 0000001c`7918b720 00007ff8`cac243db gc!fold_concat+0x3b [d:\\src\\fold.cpp @ 17]\n"
		"02 0000001c`7918b750 00007ff8`cac2476b gc!run_passes+0x4b [d:\\src\\passes.cpp @ 95]\n",
		"crash", "", "fold_concat", "run_passes", NULL);
	expect_alone("Module validation failed: Stored value type does not match pointer operand type!\n"
		"  store i64 %3, i32* %0\n", "llvm-verify", "Stored value type does not match");
	expect_sig("thread 'main' panicked at 'no module loaded for https://example.org/x/mod.ts', src/loader.rs:90:13\n",
		"rust-panic", "no module loaded for <url> at loader.rs:90", NULL, NULL, NULL);
	/* Go's runtime fatal error, with its stacks, and without them (a
	** compiler's "fatal error:" is no crash) */
	expect_sig("fatal error: concurrent map writes\n"
		"\n"
		"goroutine 7 [running]:\n"
		"github.com/acme/graph/ir.(*Cache).Put(...)\n"
		"\t/src/ir/cache.go:31\n"
		"github.com/acme/graph/ir.Fold(0xc000010000)\n"
		"\t/src/ir/fold.go:77 +0x1d2\n",
		"go-fatal", "concurrent map writes", "github.com/acme/graph/ir.(*Cache).Put",
		"github.com/acme/graph/ir.Fold", NULL);
	{
		triage_sig s = sig_of("fatal error: too many errors emitted, stopping now\n", 0);
		assert_false(s.crashed);
		triage_sig_free(&s);
	}
	/* an assertion line broken after its "file:line: " */
	expect_sig("/src/passes/Fuse.cpp:305: \n"
		"void Fuser::visit(Node*): Assertion `pending > 0' failed.\n",
		"assert", "Fuser::visit: pending > 0 at Fuse.cpp", NULL, NULL, NULL);
	expect_sig("thread 'main' panicked at 'bad version 'z'.\n"
		"\n"
		"Caused by:\n"
		"    Unexpected character.', src/npm.rs:162:43\n",
		"rust-panic", "bad version '?'.", NULL, NULL, NULL);
	/* a panic's quoted values come from the input; an assert!'s
	** condition is source text */
	expect_sig("thread 'main' panicked at 'Invalid npm version 'ze'.', cli/npm.rs:88:9\n",
		"rust-panic", "Invalid npm version '?'. at npm.rs:88", NULL, NULL, NULL);
	expect_sig("thread 'main' panicked at 'assertion failed: name != 'x'', cli/npm.rs:90:5\n",
		"rust-panic", "assertion failed: name != 'x' at npm.rs:90", NULL, NULL, NULL);
	/* Zig's stage1 assertion: the compiler's line names the check;
	** without it, the log stands alone */
	expect_sig("when analyzing /src/a.zig:2:20 in compiler source at /deps/zig/src/stage1/ir.cpp:13377: "
		"assertion failed. This is a bug in the Zig compiler.\n"
		"Unable to dump stack trace: debug info stripped\n",
		"zig-assert", "at ir.cpp:13377", NULL, NULL, NULL);
	expect_sig("Assertion failed at /b/zig/src/stage1/codegen.cpp:3885 in gen_undef_init. "
		"This is a bug in the Zig compiler.thread 10576 panic:\n",
		"zig-assert", "at codegen.cpp:3885", NULL, NULL, NULL);
	expect_alone("when analyzing /home/u/gbe.zig:378:28: assertion failed. This is a bug in the Zig compiler.\n",
		"zig-assert", "");
	/* Crystal: a signal above its frames, new and old style (the
	** handler's frames and raise go); an uncaught exception with its
	** "from" frames, and its line alone, which is no crash */
	expect_sig("Invalid memory access (signal 11) at address 0x8\n"
		"[0x55d0a1c2e105] *CallStack::print_backtrace:Int32 +117 in ./fold\n"
		"[0x55d0a1c09c0d] __crystal_sigfault_handler +61 in ./fold\n"
		"[0x7f4484a8a670] ?? +140 in /lib/x86_64-linux-gnu/libc.so.6\n"
		"[0x55d0a1c44c2a] *Graph::Node#input<Graph::Node, Int32>:(Graph::Node | Nil) +178 in ./fold\n"
		"[0x55d0a1c4f34e] *Graph::Fold#run<Graph::Fold>:Nil +30 in ./fold\n"
		"[0x55d0a1c3aab8] main +6 in ./fold\n",
		"crash", "", "Graph::Node#input", "Graph::Fold#run", "main");
	expect_sig("Invalid memory access (signal 11) at address 0x8\n"
		"[4402562305] *raise<Exception>:NoReturn +81\n"
		"*Graph::Node#input<Graph::Node, Int32>:(Graph::Node | Nil) +190 [4477521459]\n"
		"*Graph::Fold#run<Graph::Fold>:Nil +31 [4477520376]\n"
		"[4402691350] main +24278\n",
		"crash", "", "Graph::Node#input", "Graph::Fold#run", "main");
	expect_sig("Unhandled exception: Index out of bounds (IndexError)\n"
		"  from /usr/share/crystal/src/indexable.cr:1234:9 in 'fetch'\n"
		"  from src/graph/fold.cr:41:7 in 'run'\n"
		"  from ???\n",
		"crystal:IndexError", "Index out of bounds", "fetch", "run", NULL);
	{
		triage_sig s = sig_of("Index out of bounds (IndexError)\n", 0);
		assert_false(s.crashed);
		triage_sig_free(&s);
	}
}

/* Reports of interpreters, databases and their compilers: JerryScript's,
** DuckDB's and Odin's assertions; ClickHouse's server log (its prefix
** read through), Nim's internal error with its traceback, Valgrind,
** V's panic, HHVM's crash report; older gdb's signal line and the i386
** vDSO's frame above raise(). */
static void test_triage__runtime_and_database_shapes(void **state)
{
	(void)state;
	expect_sig("ICE: Assertion 'copied > 0' failed at /b/jerry-core/ecma/str.c(ecma_copy):1543.\n"
		"Error: ERR_FAILED_INTERNAL_ASSERTION\n",
		"assert", "ecma_copy: copied > 0 at str.c", NULL, NULL, NULL);
	expect_sig("Error: INTERNAL Error: Assertion triggered in file \"/src/storage/seg.cpp\" on line 437: ids[i] >= offset\n",
		"assert", ": ids[i] >= offset at seg.cpp", NULL, NULL, NULL);
	expect_sig("src/check_decl.cpp(450): Assertion Failure: `e->type == nullptr` i8 vs i16\n",
		"assert", ": e->type == nullptr at check_decl.cpp", NULL, NULL, NULL);
	expect_sig("D:\\code\\Odin\\src\\checker.cpp(6962): Panic: AnEnum vs <no type> 0\n",
		"odin-panic", "AnEnum vs <no type> N at checker.cpp:6962", NULL, NULL, NULL);
	expect_sig("InternalException: INTERNAL Error: RemoveUnused - column_ids already has children\n",
		"duckdb-internal", "RemoveUnused - column_ids already has children", NULL, NULL, NULL);
	expect_sig("2023.04.06 04:03:52.021197 [ 495 ] {f2a5-12bd} <Fatal> : Logical error: 'Chunk info was not set for chunk 7.'.\n"
		"2023.04.06 04:03:52.022113 [ 502 ] {} <Fatal> BaseDaemon: ########################################\n"
		"2023.04.06 04:03:52.022301 [ 502 ] {} <Fatal> BaseDaemon: (version 23.4.1.1 (official build)) (from thread 495) Received signal Aborted (6).\n"
		"2023.04.06 04:03:52.023001 [ 502 ] {} <Fatal> BaseDaemon: 4. ./src/Common/Exception.cpp:41: DB::abortOnFailedAssertion(String const&) @ 0x0000000e0ef7d5 in /usr/bin/clickhouse\n"
		"2023.04.06 04:03:52.023101 [ 502 ] {} <Fatal> BaseDaemon: 5. ./src/Processors/Merge.cpp:88: DB::GroupingTransform::work() @ 0x0000000e0ef8d5 in /usr/bin/clickhouse\n"
		"2023.04.06 04:03:52.023201 [ 502 ] {} <Fatal> BaseDaemon: 6. DB::ExecutionThread::run() @ 0x0000000e0ef9d5 in /usr/bin/clickhouse\n"
		"2023.04.06 04:03:52.023301 [ 502 ] {} <Fatal> BaseDaemon: 7. ThreadPoolImpl::worker() @ 0x0000000e0efad5 in /usr/bin/clickhouse\n",
		"clickhouse-logical", "Chunk info was not set for chunk N.", "DB::GroupingTransform::work",
		"DB::ExecutionThread::run", "ThreadPoolImpl::worker");
	expect_sig("> <Error> BaseDaemon: (from thread 1974) Received signal Segmentation fault (11).\n"
		"> <Error> BaseDaemon: 4. /usr/bin/clickhouse-server(DB::MergeTreeDataPart::getFullPath[abi:cxx11]() const+0x1e6) [0x2267f26]\n"
		"> <Error> BaseDaemon: 5. /usr/bin/clickhouse-server(DB::MergeTreeReader::readRows()+0x36) [0x2267f96]\n"
		"> <Error> BaseDaemon: 6. /usr/bin/clickhouse-server(DB::Pipe::pull()+0x31) [0x2268f96]\n",
		"crash", "", "DB::MergeTreeDataPart::getFullPath", "DB::MergeTreeReader::readRows",
		"DB::Pipe::pull");
	expect_sig("test.nim(48, 19) Error: internal error: evalOp(mTypeOf)\n"
		"Traceback (most recent call last)\n"
		"nim.nim(104)             nim\n"
		"main.nim(163)            mainCommand\n"
		"sem.nim(512)             semExpr\n"
		"vmgen.nim(88)            genMagic\n"
		"msgs.nim(523)            internalError\n"
		"msgs.nim(452)            liMessage\n",
		"nim-internal", "evalOp(mTypeOf)", "genMagic", "semExpr", NULL);
	expect_sig("==4831== Invalid read of size 4\n"
		"==4831==    at 0x140907: free_value (quickjs.c:5705)\n"
		"==4831==    by 0x1421D1: run_jobs (quickjs.c:2010)\n"
		"==4831==    by 0x125D2A: js_loop (quickjs-libc.c:4351)\n"
		"==4831==    by 0x125D3A: main (qjs.c:43)\n",
		"valgrind:Invalid read", "", "free_value", "run_jobs", "js_loop");
	expect_sig("V panic: array.get: index out of range (i,a.len):0, 0\n"
		" v hash: 8c6951a\n"
		"/tmp/v_1000/v2.tmp.c:23068: at builtin___v_panic: Backtrace\n"
		"/tmp/v_1000/v2.tmp.c:23118: by builtin__panic_n2\n"
		"/tmp/v_1000/v2.tmp.c:24000: by v__gen__c__Gen_call_args\n"
		"/tmp/v_1000/v2.tmp.c:24100: by v__gen__c__Gen_fn_call\n"
		"/tmp/v_1000/v2.tmp.c:24200: by main__main\n",
		"v-panic", "array.get: index out of range (i,a.len):N, N", "v__gen__c__Gen_call_args",
		"v__gen__c__Gen_fn_call", "main__main");
	expect_sig("Name: /usr/bin/hhvm\n"
		"Type: Segmentation fault\n"
		"Runtime: hhvm\n"
		"\n"
		"# 0  HPHP::PDORequestData::requestShutdown() at /usr/bin/hhvm:0\n"
		"# 1  HPHP::ExecutionContext::onRequestShutdown() at /usr/bin/hhvm:0\n"
		"# 2  HPHP::hphp_context_shutdown() at /usr/bin/hhvm:0\n"
		"# 3  HPHP::HttpRequestHandler::handleRequest(HPHP::Transport*) at /usr/bin/hhvm:0\n",
		"crash", "", "HPHP::PDORequestData::requestShutdown",
		"HPHP::ExecutionContext::onRequestShutdown", "HPHP::hphp_context_shutdown");
	/* ggml's assertion in both spellings, behind its gdb backtrace's
	** wait; Metal's validation layer; Paddle's C++ traceback with its
	** error summary; vLLM's and syslog's prefixes read through */
	expect_sig("/src/llama.cpp/src/llama-mmap.cpp:744: GGML_ASSERT(addr) failed\n",
		"assert", ": addr at llama-mmap.cpp", NULL, NULL, NULL);
	expect_sig("GGML_ASSERT: D:\\a\\llama.cpp\\src\\llama-mmap.cpp:744: addr\n",
		"assert", ": addr at llama-mmap.cpp", NULL, NULL, NULL);
	expect_sig("src/llama.cpp:3504: GGML_ASSERT(cell.has_seq_id(seq_id)) failed\n"
		"#0  0x00007f9a2b8ea42f in __GI___wait4 (pid=27301) at ../sysdeps/unix/sysv/linux/wait4.c:30\n"
		"#1  0x00007f9a2bd1e1d8 in ggml_print_backtrace () from /usr/lib/libggml.so\n"
		"#2  0x00007f9a2bd1e2f8 in ggml_abort () from /usr/lib/libggml.so\n"
		"#3  0x00007f9a2c01a2b8 in llama_kv_cache_seq_rm () from /usr/lib/libllama.so\n"
		"#4  0x00007f9a2c01a3b8 in llama_decode () from /usr/lib/libllama.so\n"
		"#5  0x00005555555a3b8 in main () from ./server\n",
		"assert", ": cell.has_seq_id(seq_id)", "llama_kv_cache_seq_rm", "llama_decode", "main");
	/* ggml's `!"CUDA error"` follows every CUDA error: the error is the
	** report, and an illegal access reported later says nothing */
	expect_sig("CUDA error: out of memory\n"
		"  current device: 0, in function alloc at ggml/src/ggml-cuda.cu:100\n"
		"GGML_ASSERT: ggml/src/ggml-cuda.cu:244: !\"CUDA error\"\n",
		"cuda-error", "CUDA error: out of memory", NULL, NULL, NULL);
	expect_alone("CUDA error: an illegal memory access was encountered\n"
		"  current device: 0, in function get_tensor at ggml/src/ggml-cuda.cu:10939\n"
		"GGML_ASSERT: ggml/src/ggml-cuda.cu:244: !\"CUDA error\"\n",
		"cuda-error", "CUDA error: an illegal memory access was encountered");
	expect_sig("validateComputeFunctionArguments:1056: failed assertion `Compute Function(soft_max): missing buffer binding at index 1.'\n",
		"assert", "validateComputeFunctionArguments: Compute Function(soft_max): missing buffer binding at index 1.",
		NULL, NULL, NULL);
	expect_sig("--------------------------------------\n"
		"C++ Traceback (most recent call last):\n"
		"--------------------------------------\n"
		"0   paddle::imperative::Tracer::TraceOp(std::string const&)\n"
		"1   paddle::operators::ConvOp::InferShape(paddle::framework::InferShapeContext*) const\n"
		"2   paddle::platform::EnforceNotMet::EnforceNotMet(paddle::platform::ErrorSummary const&, char const*, int)\n"
		"\n"
		"----------------------\n"
		"Error Message Summary:\n"
		"----------------------\n"
		"InvalidArgumentError: The input has 3 dims, expected 4. (at /paddle/paddle/fluid/operators/conv_op.cc:93)\n",
		"paddle:InvalidArgumentError", "The input has N dims, expected N. at conv_op.cc:93",
		"paddle::operators::ConvOp::InferShape", "paddle::imperative::Tracer::TraceOp", NULL);
	expect_sig("(EngineCore_DP0 pid=185173) Traceback (most recent call last):\n"
		"(EngineCore_DP0 pid=185173)   File \"/v/vllm/engine/core.py\", line 109, in __init__\n"
		"(EngineCore_DP0 pid=185173)     self.run()\n"
		"(EngineCore_DP0 pid=185173) ValueError: no blocks left\n",
		"python:ValueError", "no blocks left", "core.py:__init__", NULL, NULL);
	expect_sig("ERROR 12-16 21:08:38 [engine.py:135] Traceback (most recent call last):\n"
		"ERROR 12-16 21:08:38 [engine.py:135]   File \"/v/vllm/sampler.py\", line 725, in sample\n"
		"ERROR 12-16 21:08:38 [engine.py:135]     x = f()\n"
		"ERROR 12-16 21:08:38 [engine.py:135] KeyError: 'seq'\n",
		"python:KeyError", "'?'", "sampler.py:sample", NULL, NULL);
	expect_sig("Jun 10 16:45:05 gpu-box bash[107468]: Traceback (most recent call last):\n"
		"Jun 10 16:45:05 gpu-box bash[107468]:   File \"/v/run.py\", line 7, in main\n"
		"Jun 10 16:45:05 gpu-box bash[107468]:     f()\n"
		"Jun 10 16:45:05 gpu-box bash[107468]: IndexError: list index out of range\n",
		"python:IndexError", "list index out of range", "run.py:main", NULL, NULL);
	{
		/* a "]" where syslog's time is: no prefix, and nothing read
		** past the line */
		triage_sig s = sig_of("Jun 10 1]: 5:00000000000000\n", 0);
		assert_false(s.crashed);
		triage_sig_free(&s);
	}
	expect_sig("Program terminated with signal 11, Segmentation fault.\n"
		"#0  0xf7fd5079 in __kernel_vsyscall ()\n"
		"#1  0xf77fc832 in raise () from /lib/i386-linux-gnu/libc.so.6\n"
		"#2  0x5661550e in fold_pad (code=3) at src/fold.c:58\n"
		"#3  0x5661554f in run_pass (p=0x1) at src/pass.c:12\n"
		"#4  0x5661556f in main () at src/main.c:9\n",
		"crash", "", "fold_pad", "run_pass", "main");
}

/* Shapes of posted reports: Halide's internal error with its condition
** on the next line; onnxruntime's "Load model from X failed:" with no
** binding's framing; an assertion whose quotes a paste made double,
** inside Markdown backquotes; a Rust panic at a Windows path, and one
** whose message goes on over several lines; lines relayed behind
** "stderr: " or torchrun's "[rank4]:". */
static void test_triage__posted_report_shapes(void **state)
{
	(void)state;
	expect_sig("Internal error at src/Lower.cpp:812\n"
		"Condition failed: !loop_nest.empty()\n",
		"halide-internal", "Condition failed: !loop_nest.empty() at Lower.cpp",
		NULL, NULL, NULL);
	expect_sig("> Load model from C:\\models\\net.onnx failed:This is an invalid model. "
		"Type Error: Type 'tensor(int8)' of input parameter (x) of operator (Gelu) is invalid.\n",
		"onnxruntime", "This is an invalid model. Type Error: Type '?' of input parameter (x) "
		"of operator (Gelu) is invalid.", NULL, NULL, NULL);
	expect_sig("`lib/Pass/Fuse.cpp:77: void FusePass::run(): Assertion \"ops.size() == 2\" failed.`\n",
		"assert", "FusePass::run: ops.size() == 2 at Fuse.cpp", NULL, NULL, NULL);
	expect_sig("thread '<unnamed>' panicked at 'no entry for Key(7)', "
		"C:\\Users\\ci\\.cargo\\registry\\src\\gizmo-0.3.1\\src\\table.rs:88:13\n",
		"rust-panic", "no entry for Key(N) at table.rs:88", NULL, NULL, NULL);
	expect_sig("thread 'worker' panicked at 'cycle detected:\n\nKey { a: 1 }\nKey { a: 2 }', src/db.rs:9:5\n",
		"rust-panic", "cycle detected", NULL, NULL, NULL);
	expect_sig("stderr: thread 'main' panicked at src/io.rs:28:37:\n"
		"stderr: receiver was dropped\n",
		"rust-panic", "receiver was dropped at io.rs:28", NULL, NULL, NULL);
	expect_sig("[rank4]: Traceback (most recent call last):\n"
		"[rank4]:   File \"/w/train.py\", line 9, in <module>\n"
		"[rank4]:     step()\n"
		"[rank4]:   File \"/w/model.py\", line 40, in step\n"
		"[rank4]:     raise KeyError(name)\n"
		"[rank4]: KeyError: 'w7'\n",
		"python:KeyError", "'?'", "model.py:step", "train.py:<module>", NULL);
	/* PyTorch's log lines: glog's prefix and the compile id before a
	** traceback's every line; a fatal glog line keeps its own */
	expect_sig("W0925 02:30:07.373000 4242 torch/_dynamo/convert_frame.py:1798] [0/0] Traceback (most recent call last):\n"
		"W0925 02:30:07.373000 4242 torch/_dynamo/convert_frame.py:1798] [0/0]   File \"/w/model.py\", line 40, in step\n"
		"W0925 02:30:07.373000 4242 torch/_dynamo/convert_frame.py:1798] [0/0]     raise KeyError(name)\n"
		"W0925 02:30:07.373000 4242 torch/_dynamo/convert_frame.py:1798] [0/0] KeyError: 'w7'\n",
		"python:KeyError", "'?'", "model.py:step", NULL, NULL);
	expect_sig("F0312 10:04:05.123456 4242 graph.cc:88] Check failed: n > 0\n",
		"glog-fatal", "Check failed: n > N at graph.cc", NULL, NULL, NULL);
	/* a line a Markdown post put in inline code */
	expect_sig("`LLVM ERROR: Cannot select: t5: i32 = X86ISD::PCMPEQ t3, t4`\n",
		"llvm-error", "Cannot select: t?: i32 = X86ISD::PCMPEQ t?, t?", NULL, NULL, NULL);
	/* TVM's FFI on a segfault: its frames outermost first */
	expect_sig("!!!!!!! TVM FFI encountered a Segfault !!!!!!!\n"
		"  File \"<unknown>\", in __pyx_pw_3tvm_3ffi_4core_8Function_1__call__(_object*)\n"
		"  File \"<unknown>\", in tvm::ffi::FunctionObj::SafeCall(void*, int)\n"
		"  File \"<unknown>\", in gizmo::Planner::place(gizmo::Node const&)\n",
		"crash", "", "gizmo::Planner::place", "tvm::ffi::FunctionObj::SafeCall",
		"__pyx_pw_3tvm_3ffi_4core_8Function_1__call__");
	/* UCX's handler: the sigreturn trampoline above the crash goes */
	expect_sig("[node7:4242:0:4242] Caught signal 11 (Segmentation fault: address not mapped to object at address 0x8)\n"
		"==== backtrace (tid:   4242) ====\n"
		" 0 0x0000000000042520 __sigaction()  ???:0\n"
		" 1 0x0000000000001403 gizmo_scatter()  scatter.c:51\n"
		" 2 0x0000000000001873 gizmo_launch()  launch.c:12\n",
		"crash", "", "gizmo_scatter", "gizmo_launch", NULL);
}

/* The bottom of an mlir-opt stack alone (the paste cut the crash's
** frames): main, its line and the driver frames are every crash's. Two
** such pastes of one build stay apart. */
static void test_triage__driver_tail_stands_alone(void **state)
{
	const char *a =
		"#45 0x00005608fb56a7a8 mlir::asMainReturnCode(llvm::LogicalResult) /src/mlir/include/mlir/Tools/mlir-opt/MlirOptMain.h:436:12\n"
		"#46 0x00005608fb56a7a8 main /src/mlir/tools/mlir-opt/mlir-opt.cpp:345:10\n"
		"#47 0x00007f76da57dd90 (/lib/x86_64-linux-gnu/libc.so.6+0x29d90)\n"
		"#48 0x00007f76da57de40 __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x29e40)\n"
		"#49 0x00005608fb4811b5 _start (./bin/mlir-opt+0x73051b5)\n"
		"Aborted\n";
	const char *b =
		"#45 0x000055d1a0a6a7a8 mlir::asMainReturnCode(llvm::LogicalResult) /src/mlir/include/mlir/Tools/mlir-opt/MlirOptMain.h:436:12\n"
		"#46 0x000055d1a0a6a7a8 main /src/mlir/tools/mlir-opt/mlir-opt.cpp:345:10\n"
		"#47 0x00007f11aa57dd90 (/lib/x86_64-linux-gnu/libc.so.6+0x29d90)\n"
		"#48 0x00007f11aa57de40 __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x29e40)\n"
		"#49 0x000055d1a09811b5 _start (./bin/mlir-opt+0x73051b5)\n"
		"Aborted\n";
	triage_sig x = sig_of(a, 0), y = sig_of(b, 0);

	(void)state;
	expect_alone(a, "abort", "SIGABRT");
	assert_false(triage_sig_equal(&x, &y));
	assert_false(similar(a, b));
	triage_sig_free(&x);
	triage_sig_free(&y);
	/* A pass's own frame above the driver still names the crash. */
	expect_sig("#3 0x0000563ff1b95148 (anonymous namespace)::SpinPass::runOnOperation() /src/Spin.cpp:12:3\n"
		"#4 0x0000563ff1b96000 mlir::detail::OpToOpPassAdaptor::run(mlir::Pass*, mlir::Operation*, mlir::AnalysisManager, bool, unsigned int) /src/Pass.cpp:600:1\n"
		"#5 0x0000563ff1b97000 main /src/mlir-opt.cpp:345:10\n"
		"Aborted\n",
		"abort", "", "SpinPass::runOnOperation", "main", NULL);
}

/* A traceback pasted from its middle, ending in a driver's generic
** error: two bugs behind one compiler's pass manager stay apart, and the
** exception is read without the traceback's header. */
static void test_triage__headless_traceback_driver_error(void **state)
{
	const char *a =
		"  File \"/opt/venv/lib/python3.10/site-packages/gizmo/compiler/compiler.py\", line 347, in compile\n"
		"    next_module = compile_ir(module, metadata)\n"
		"  File \"/opt/venv/lib/python3.10/site-packages/gizmo/backends/red/compiler.py\", line 304, in make_ir\n"
		"    pm.run(mod)\n"
		"RuntimeError: PassManager::run failed\n";
	const char *b =
		"  File \"C:\\\\venv\\\\Lib\\\\site-packages\\\\gizmo\\\\compiler\\\\compiler.py\", line 324, in compile\n"
		"    next_module = compile_ir(module, metadata)\n"
		"  File \"C:\\\\venv\\\\Lib\\\\site-packages\\\\gizmo\\\\backends\\\\blue\\\\compiler.py\", line 275, in make_ir\n"
		"    pm.run(mod)\n"
		"RuntimeError: PassManager::run failed\n";
	triage_sig x = sig_of(a, 0);

	(void)state;
	assert_string_equal(x.kind, "python:RuntimeError");
	assert_int_equal(x.nframes, 2);
	assert_string_equal(x.frames[0], "compiler.py:make_ir");
	expect_alone(a, "python:RuntimeError", "PassManager::run failed");
	assert_false(similar(a, b));
	triage_sig_free(&x);
	/* A message of its own still groups. */
	assert_true(similar(
		"  File \"/a/spin.py\", line 3, in turn\n    gear()\nValueError: gear 3 has no teeth\n",
		"  File \"/b/spin.py\", line 3, in turn\n    gear()\nValueError: gear 5 has no teeth\n"));
}

/* A log quoted in a reply ("> "), and an IDE's note of the signal,
** whose words are not a shell's. */
static void test_triage__quoted_log_and_ide_signal(void **state)
{
	triage_sig q = sig_of("> spin: gear.c:12: turn: Assertion `teeth > 0' failed.\n> Aborted (core dumped)\n", 0);
	triage_sig x = sig_of("Process finished with exit code 139 (interrupted by signal 11: SIGSEGV)\n", 0);
	triage_sig y = sig_of("run.sh: line 4:  2369 Segmentation fault      (core dumped) ./spin --fast\n", 0);

	(void)state;
	assert_string_equal(q.kind, "assert");
	assert_string_equal(q.message, "turn: teeth > 0 at gear.c");
	assert_string_equal(x.kind, "crash");
	assert_non_null(strstr(x.message, "SIGSEGV; nothing read but a crash; log "));
	assert_false(triage_sig_equal(&x, &y));
	assert_false(similar("Process finished with exit code 139 (interrupted by signal 11: SIGSEGV)\n",
		"run.sh: line 4:  2369 Segmentation fault      (core dumped) ./spin --fast\n"));
	triage_sig_free(&q);
	triage_sig_free(&x);
	triage_sig_free(&y);
}

/* Logs that name no bug stand alone: a sanitizer report's last line, a
** pass's failure, a CUDA fault noticed at a later call; a container
** log's time stamps are no part of the log. */
static void test_triage__more_logs_that_stand_alone(void **state)
{
	(void)state;
	expect_alone("  0x0296: fa fa fa fa fa fa fa fa\nShadow byte legend (one shadow byte represents 8 application bytes):\n"
		"  Addressable:           00\n==31==ABORTING\n", "sanitizer-abort", "");
	expect_alone("spin.py:18:0: error: Failures have been detected while processing an MLIR pass pipeline\n"
		"spin.py:18:0: note: Pipeline failed while executing [`GearHoisting` on 'builtin.module' operation]: reproducer generated at `std::errs`\n",
		"mlir-pass-failure", "GearHoisting");
	expect_alone("  File \"/srv/spin/gear.py\", line 12, in turn\n    out = torch.zeros_like(q)\n"
		"RuntimeError: CUDA error: an illegal memory access was encountered\n",
		"python:RuntimeError", "CUDA error: an illegal memory access was encountered");
	expect_sig("2026-01-17T18:48:10.418481013+01:00 stderr F spin: gear.c:12: turn: Assertion `teeth > 0' failed.\n"
		"2026-01-17T18:48:10.418486653+01:00 stderr F Aborted (core dumped)\n",
		"assert", "turn: teeth > 0 at gear.c", NULL, NULL, NULL);
}

/* glog's and Abseil's fatal checks: the "F..." line is the message, the
** "@ 0x..." frames (with a frame size or without, behind Ray's prefix
** or not, pasted without their header) the stack. */
static void test_triage__glog_check_and_frames(void **state)
{
	triage_sig a, b;

	(void)state;
	expect_sig("WARNING: Logging before InitGoogle() is written to STDERR\n"
		"F0412 09:14:03.512200 81233 gearbox.cc:207] Check failed: teeth.size() == 12 (11 vs. 12) \n"
		"*** Check failure stack trace: ***\n"
		"    @     0x7f13a2c1e5cd  google::LogMessage::Fail()\n"
		"    @     0x7f13a2c21433  google::LogMessage::SendToLog()\n"
		"    @     0x7f13a2c1e0f3  google::LogMessageFatal::~LogMessageFatal()\n"
		"    @     0x55f0c1a01b2e  gear::Box::mesh(int)\n"
		"    @     0x55f0c1a01d40  gear::Box::turn()\n"
		"    @     0x55f0c1a02a11  (unknown)\n"
		"    @     0x55f0c1a03c02  main\n",
		"glog-fatal", "Check failed: teeth.size() == N (N vs. N)",
		"gear::Box::mesh", "gear::Box::turn", "@0xa11");
	/* Ray's prefix on each line, frame sizes, the header cut: the same
	** frames as a plain glog stack of the same build. */
	a = sig_of("[2026-02-03 11:20:41,581 E 4411 4411] logging.cc:361:     @     0x7e75b2351e7c        608  SpinPass::pickWheel()\n"
		"[2026-02-03 11:20:41,581 E 4411 4411] logging.cc:361:     @     0x7e75b2375d58        256  SpinPass::runOnOperation()\n"
		"[2026-02-03 11:20:41,581 E 4411 4411] logging.cc:361:     @     0x7e75b2388be0        480  mlir::detail::walk<>()\n", 0);
	b = sig_of("    @     0x7f75b2351e7c  SpinPass::pickWheel()\n"
		"    @     0x7f75b2375d58  SpinPass::runOnOperation()\n"
		"    @     0x7f75b2388be0  mlir::detail::walk<>()\n", 0);
	assert_true(a.crashed);
	assert_string_equal(a.kind, "crash");
	assert_int_equal(a.nframes, 3);
	assert_string_equal(a.frames[0], "SpinPass::pickWheel");
	assert_string_equal(a.frames[2], "mlir::detail::walk");
	assert_true(triage_sig_equal(&a, &b));
	triage_sig_free(&a);
	triage_sig_free(&b);
	/* A tail of interpreter and binding frames is every Python
	** program's: the paste stands alone. */
	expect_alone("    @     0x7e7559bcf9cc        128  pybind11::cpp_function::dispatcher()\n"
		"    @      0x18e02ca5e40        112  cfunction_call\n"
		"    @      0x18e02a3bc2c        160  _PyObject_MakeTpCall\n"
		"    @      0x18e02c80134        160  method_vectorcall\n"
		"    @      0x18e02a25738        480  _PyEval_EvalFrameDefault\n", "crash", "");
	/* A runtime's assertion on glog's fatal line: the assertion. */
	expect_sig("F0000 00:00:1712000000.123456 4242 logging.cc:45] assert.h assertion failed at src/gear/box.h:140 in static T gear::Box<T>::get(int) [T = gear::Tooth]: n > 0\n"
		"*** Check failure stack trace: ***\n"
		"    @     0x55cf00b44264  __assert_fail\n"
		"    @     0x55cf00c8887d  gear::Box<>::get<>()\n",
		"assert", "gear::Box::get [T = gear::Tooth]: n > 0", "gear::Box::get", NULL, NULL);
}

/* Lines that say the crash in other words: clang's backend error is
** llc's LLVM ERROR; dmlc/TVM and XLA checks; older glibc's heap check;
** gdb's stop of a named thread; a CI runner's time on every line. */
static void test_triage__backend_checks_and_ci_prefix(void **state)
{
	triage_sig a, b;

	(void)state;
	a = sig_of("fatal error: error in backend: Cannot select: intrinsic %llvm.gear.turn\n"
		"clang++: error: clang frontend command failed with exit code 70\n", 0);
	b = sig_of("LLVM ERROR: Cannot select: intrinsic %llvm.gear.turn\n", 0);
	assert_true(a.crashed);
	assert_string_equal(a.kind, "llvm-error");
	assert_string_equal(a.message, "Cannot select: intrinsic %llvm.gear.turn");
	assert_true(triage_sig_equal(&a, &b));
	triage_sig_free(&a);
	triage_sig_free(&b);
	expect_sig("[09:41:07] src/base/logging.h:304: [09:41:07] include/gear/box.h:88: Check failed: teeth == kSpur (3 vs. 7)  expected spur teeth\n"
		"\n", "glog-fatal",
		"Check failed: teeth == kSpur (N vs. N) expected spur teeth at box.h",
		NULL, NULL, NULL);
	expect_sig("2026-05-02 10:11:12.131415: E src/util/status_macros.cc:57] INTERNAL: RET_CHECK failure (src/gear/compiler.cc:626) wheel != nullptr \n",
		"xla-ret-check", "wheel != nullptr at compiler.cc", NULL, NULL, NULL);
	expect_alone("*** Error in `spin': malloc(): memory corruption (fast): 0x00007ffd10203040 ***\n"
		"======= Backtrace: =========\n", "heap-corruption",
		"malloc(): memory corruption (fast)");
	expect_alone("Thread 1 \"spin\" received signal SIGSEGV, Segmentation fault.\n"
		"0x00007ffff7161bbc in ?? ()\n", "crash", "SIGSEGV");
	b = sig_of("==42==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x55d0 bp 0x1 sp 0x2 T0)\n"
		"    #0 0x55d0 in gear::turn(int) /src/gear.c:12\n"
		"    #1 0x55d1 in gear::spin() /src/gear.c:20\n", 0);
	a = sig_of("2026-02-15T21:47:09.8887505Z ==42==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x55d0 bp 0x1 sp 0x2 T0)\n"
		"2026-02-15T21:47:09.8888239Z     #0 0x55d0 in gear::turn(int) /src/gear.c:12\n"
		"2026-02-15T21:47:09.8888239Z     #1 0x55d1 in gear::spin() /src/gear.c:20\n", 0);
	assert_string_equal(a.kind, "asan:SEGV");
	assert_int_equal(a.nframes, 2);
	assert_true(triage_sig_equal(&a, &b));
	triage_sig_free(&a);
	/* a container log's UTC time keeps its stream cut too */
	a = sig_of("2026-02-15T21:47:09.888750500Z stderr F ==42==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x55d0 bp 0x1 sp 0x2 T0)\n"
		"2026-02-15T21:47:09.888823900Z stderr F     #0 0x55d0 in gear::turn(int) /src/gear.c:12\n"
		"2026-02-15T21:47:09.888823900Z stderr F     #1 0x55d1 in gear::spin() /src/gear.c:20\n", 0);
	assert_string_equal(a.kind, "asan:SEGV");
	assert_int_equal(a.nframes, 2);
	assert_true(triage_sig_equal(&a, &b));
	triage_sig_free(&a);
	triage_sig_free(&b);
}

/* A Rust panic's message wrapped by a paste inside its braces is one
** message; a next line that closes nothing stays out of it. */
static void test_triage__rust_message_wrapped_in_braces(void **state)
{
	triage_sig a, b;

	(void)state;
	a = sig_of("thread 'main' (4242) panicked at /src/gear/src/main.rs:4:53:\n"
		"called `Result::unwrap()` on an `Err` value: GearError { kind: MissingTooth \n"
		"}\n"
		"note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n", 0);
	b = sig_of("thread 'main' (4343) panicked at /src/gear/src/main.rs:4:53:\n"
		"called `Result::unwrap()` on an `Err` value: GearError { kind: MissingTooth }\n"
		"note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n", 0);
	assert_string_equal(a.kind, "rust-panic");
	assert_string_equal(a.message, b.message);
	assert_true(triage_sig_equal(&a, &b));
	triage_sig_free(&a);
	triage_sig_free(&b);
	a = sig_of("thread 'main' panicked at /src/gear/src/main.rs:9:5:\n"
		"assertion `left == right` failed: teeth of Gear { kind: Spur, size: 12 differ\n"
		"  left: 11\n"
		" right: 12\n", 0);
	assert_string_equal(a.kind, "rust-panic");
	assert_null(strstr(a.message, "left: "));
	triage_sig_free(&a);
}

/* onnxruntime's status message with each binding's framing, and the
** runtime's own log line without any: one signature, the op type and
** the failing kernel's file kept, the node's name and the paths gone. */
static void test_triage__onnxruntime_without_framing(void **state)
{
	static const char *const logs[] = {
		"2026-03-01 10:00:00.1234 [E:onnxruntime:, sequential_executor.cc:516 ExecuteKernel] Non-zero status code returned while running Gather node. Name:'/enc/Gather_7' Status Message: /src/ort/onnxruntime/core/providers/cpu/tensor/gather.cc:71 indices element out of data bounds, idx=41 must be within the inclusive range [-8,7]\n",
		"onnxruntime.capi.onnxruntime_pybind11_state.InvalidArgument: [ONNXRuntimeError] : 2 : INVALID_ARGUMENT : Non-zero status code returned while running Gather node. Name:'/dec/Gather_2' Status Message: /build/onnxruntime/core/providers/cpu/tensor/gather.cc:71 indices element out of data bounds, idx=9 must be within the inclusive range [-4,3]\n",
		"ai.onnxruntime.OrtException: Error code - ORT_INVALID_ARGUMENT - message: Non-zero status code returned while running Gather node. Name:'Gather_16' Status Message: C:\\a\\_work\\1\\s\\onnxruntime\\core\\providers\\cpu\\tensor\\gather.cc:71 indices element out of data bounds, idx=101 must be within the inclusive range [-2,1]\n"
		"\tat ai.onnxruntime.OrtSession.run(Native Method)\n",
		"Microsoft.ML.OnnxRuntime.OnnxRuntimeException\n  HResult=0x80131500\n"
		"  Message=[ErrorCode:InvalidArgument] Non-zero status code returned while running Gather node. Name:'Gather_3' Status Message: D:\\a\\_work\\1\\s\\onnxruntime\\core/providers/cpu/tensor/gather.cc:71 indices element out of data bounds, idx=5 must be within the inclusive range [-3,2]\n"
		"  Source=Microsoft.ML.OnnxRuntime\n",
		"'[ErrorCode:InvalidArgument] Non-zero status code returned while running Gather node. Name:'g' Status Message: gather.cc:71 indices element out of data bounds, idx=5 must be within the inclusive range [-3,2]'\n",
	};
	triage_sig first, s;
	size_t k;

	(void)state;
	first = sig_of(logs[0], 0);
	assert_true(first.crashed);
	assert_string_equal(first.kind, "onnxruntime");
	assert_string_equal(first.message,
		"Non-zero status code returned while running Gather node. Name:'?' Status Message: "
		"gather.cc:N indices element out of data bounds, idx=N must be within the inclusive range [-N,N]");
	for (k = 1; k < sizeof(logs) / sizeof(logs[0]); k++) {
		s = sig_of(logs[k], 0);
		assert_string_equal(s.message, first.message);
		assert_true(triage_sig_equal(&s, &first));
		triage_sig_free(&s);
	}
	triage_sig_free(&first);
	/* Another op type is another signature. */
	s = sig_of("Non-zero status code returned while running Conv node. Name:'/feat/conv1/Conv' Status Message: \n"
		"CUDNN failure 5000: CUDNN_STATUS_EXECUTION_FAILED ; GPU=0 ; hostname=BOX ; file=conv.cc ; line=493\n", 0);
	assert_string_equal(s.message,
		"Non-zero status code returned while running Conv node. Name:'?' Status Message: "
		"CUDNN failure N: CUDNN_STATUS_EXECUTION_FAILED ; GPU=N ; hostname=BOX ; file=conv.cc ; line=N");
	triage_sig_free(&s);
	/* Python's framing with a code of two words, an old binding's */
	expect_sig("RuntimeError: Method run failed due to: [ONNXRuntimeError] : 1 : GENERAL ERROR : /src/onnxruntime/core/providers/cpu/math/element_wise_ops.h:332 void onnxruntime::BroadcastIterator::Append(int64_t, int64_t) axis == 1 || axis == largest was false.\n",
		"onnxruntime", "element_wise_ops.h:N void onnxruntime::BroadcastIterator::Append(int64_t, int64_t) axis == N || axis == largest was false.",
		NULL, NULL, NULL);
	expect_sig("INTERNAL - onnx runtime error 1: /work/onnxruntime/core/providers/cpu/math/element_wise_ops.h:324 void onnxruntime::BroadcastIterator::Init(int64_t, int64_t) axis == 1 || axis == largest was false.\n",
		"onnxruntime", "element_wise_ops.h:N void onnxruntime::BroadcastIterator::Init(int64_t, int64_t) axis == N || axis == largest was false.",
		NULL, NULL, NULL);
	/* A C++ exception's what(): still that exception's message. */
	expect_sig("terminate called after throwing an instance of 'onnxruntime::OnnxRuntimeException'\n"
		"  what():  Non-zero status code returned while running Mul node. Name:'m' Status Message: bad shape\n",
		"uncaught-exception:onnxruntime::OnnxRuntimeException",
		"Non-zero status code returned while running Mul node. Name:'m' Status Message: bad shape",
		NULL, NULL, NULL);
	/* Windows' DirectML error: the file, not its build path nor the
	** addresses and thread. */
	expect_sig("  Message=[ErrorCode:RuntimeException] Non-zero status code returned while running Add node. Name:'Add_9' Status Message: D:\\a\\_work\\1\\s\\onnxruntime\\core\\providers\\dml\\src\\MLOperatorAuthorImpl.cpp(2482)\\onnxruntime.DLL!00007FFC280E7AA5: (caller: 00007FFC280E712D) Exception(3) tid(1b6c) 887A0006 The GPU will not respond\n",
		"onnxruntime", "Non-zero status code returned while running Add node. Name:'?' Status Message: "
		"MLOperatorAuthorImpl.cpp(N)\\onnxruntime.DLL!0x?: (caller: 0x?) Exception(N) tid(N) 887A0006 The GPU will not respond",
		NULL, NULL, NULL);
}

/* Stacks pasted without their report: TVM's "[bt]" frames numbered down
** to (0), and "  N: name" frames (TVM, rustc) with their "at" lines. */
static void test_triage__frame_only_pastes(void **state)
{
	triage_sig a, b;

	(void)state;
	expect_sig("Traceback (most recent call last):\n"
		"  [bt] (5) /opt/tvm/build/libtvm.so(TVMFuncCall+0x6d) [0x7f1e7579395d]\n"
		"  [bt] (4) /opt/tvm/build/libtvm.so(tvm::runtime::GearExecutor::Run()+0x48) [0x7f1e75896248]\n"
		"  [bt] (3) /opt/tvm/build/libtvm.so(tvm::relay::SpinNode::Turn(int)+0x1ce) [0x7f1e758a53ce]\n"
		"  [bt] (2) /opt/tvm/build/libtvm.so(tvm::relay::Wheel::Mesh()+0x25) [0x7f1e757b4a25]\n"
		"  [bt] (1)/opt/tvm/build/libtvm.so(tvm::runtime::detail::LogFatal::Entry::Finalize()+0x67) [0x7f1e7346b157]\n"
		"  [bt] (0) /opt/tvm/build/libtvm.so(tvm::runtime::Backtrace[abi:cxx11]()+0x1b) [0x7f1e757b676b]\n",
		"crash", "", "tvm::relay::Wheel::Mesh", "tvm::relay::SpinNode::Turn",
		"tvm::runtime::GearExecutor::Run");
	/* Numbered down, the last one shown innermost; "at" lines give the
	** place of the frame above them. */
	a = sig_of("        at /src/tvm/src/tir/ir/gear.cc:119\n"
		"  9: tvm::tir::GearCollector::VisitStmt_(tvm::tir::ForNode const*)\n"
		"        at /src/tvm/src/tir/transforms/gear.cc:159\n"
		"  8: tvm::tir::GearCollector::VisitStmt_(tvm::tir::LetStmtNode const*)\n"
		"        at /src/tvm/src/tir/transforms/gear.cc:170\n"
		"  7: tvm::tir::GearCollector::VisitAccess(tvm::tir::BufferRegion const&)\n"
		"        at /src/tvm/src/tir/transforms/gear.cc:377\n", 0);
	assert_true(a.crashed);
	assert_string_equal(a.kind, "crash");
	assert_int_equal(a.nframes, 3);
	assert_string_equal(a.frames[0], "tvm::tir::GearCollector::VisitAccess");
	assert_string_equal(a.stack[0].file, "gear.cc");
	assert_int_equal(a.stack[0].line, 377);
	triage_sig_free(&a);
	/* Numbered up, under an exception's message (TVM's "Stack trace:") */
	expect_sig("terminate called after throwing an instance of 'tvm::runtime::InternalError'\n"
		"  what():  [14:56:47] /tvm/src/runtime/gear.cc:88: InternalError: Check failed: (f != nullptr) is false: no gear\n"
		"Stack trace:\n"
		"  0: tvm::runtime::Gear::Load(tvm::runtime::String const&)\n"
		"  1: SpinUp()\n"
		"  2: main\n"
		"  3: _start\n"
		"  4: 0xffffffffffffffff\n",
		"uncaught-exception:tvm::runtime::InternalError",
		"[N:N:N] gear.cc:N: InternalError: Check failed: (f != nullptr) is false: no gear",
		"tvm::runtime::Gear::Load", "SpinUp", "main");
	/* A numbered list is no stack: too few lines, numbers apart, or
	** words that are no function's name. */
	b = sig_of("Steps:\n  1: open the model\n  2: run it\n  3: see the error\n", 0);
	assert_false(b.crashed);
	triage_sig_free(&b);
	b = sig_of("  1: spin::gear\n  2: spin::wheel\n", 0);
	assert_false(b.crashed);
	triage_sig_free(&b);
	b = sig_of("  1: spin::gear\n  3: spin::wheel\n  5: spin::axle\n", 0);
	assert_false(b.crashed);
	triage_sig_free(&b);
	/* nor under a header: two such lines are no frames read */
	expect_alone("Stack dump:\n  1: spin::gear\n  2: spin::wheel\n", "crash", "");
	/* rustc's frames with only its driver and query engine: the tail
	** of every rustc crash stands alone. */
	expect_alone("  42: rustc_interface::passes::analysis\n"
		"  43: rustc_query_impl::plumbing::__rust_begin_short_backtrace::<rustc_query_impl::query_impl::analysis::dynamic_query::{closure#2}::{closure#0}, rustc_middle::query::erase::Erased<[u8; 1]>>\n"
		"  44: rustc_query_system::query::plumbing::try_execute_query::<rustc_query_impl::DynamicConfig<rustc_query_system::query::caches::SingleCache<rustc_middle::query::erase::Erased<[u8; 1]>>, false, false, false>, rustc_query_impl::plumbing::QueryCtxt, true>\n",
		"crash", "");
}

/* ASan's SUMMARY line pasted alone: the kind, the function and file of
** the crash; it meets the whole report of a crash in that function. */
static void test_triage__asan_summary_alone(void **state)
{
	static const char summary[] =
		"SUMMARY: AddressSanitizer: heap-use-after-free /home/u/src/gear/include/gear/Spin.h:45:58 in gear::detail::Spin::next() const\n"
		"Shadow bytes around the buggy address:\n"
		"  0x0c1a7fff8040: 00 00 00 00 00 00 00 00 00 00 00 00 00 07 fa fa\n"
		"=>0x0c1a7fff8090: fd fd fd fd[fd]fd fd fd fd fd fd fd fa fa fa fa\n";
	static const char whole[] =
		"==4242==ERROR: AddressSanitizer: heap-use-after-free on address 0x6030000001a8 at pc 0x55d1 bp 0x7ffc sp 0x7ffd\n"
		"READ of size 8 at 0x6030000001a8 thread T0\n"
		"    #0 0x55d1 in gear::detail::Spin::next() const /b/gear/include/gear/Spin.h:45:58\n"
		"    #1 0x55d2 in gear::Wheel::turn(int) /b/gear/lib/Wheel.cpp:88:7\n"
		"    #2 0x55d3 in main /b/gear/tools/gear.cpp:12:3\n"
		"SUMMARY: AddressSanitizer: heap-use-after-free /b/gear/include/gear/Spin.h:45:58 in gear::detail::Spin::next() const\n";
	triage_sig s;

	(void)state;
	s = sig_of(summary, 0);
	assert_true(s.crashed);
	assert_string_equal(s.kind, "asan:heap-use-after-free");
	assert_string_equal(s.message, "gear::detail::Spin::next at Spin.h");
	assert_int_equal(s.nframes, 0);
	triage_sig_free(&s);
	/* the whole report still signs by its ERROR line and frames */
	expect_sig(whole, "asan:heap-use-after-free", "READ",
		"gear::detail::Spin::next", "gear::Wheel::turn", "main");
	assert_true(similar(summary, whole));
	/* another function is another bug */
	assert_false(similar(summary, "SUMMARY: AddressSanitizer: heap-use-after-free /home/u/src/gear/include/gear/Spin.h:99:24 in void gear::detail::Spin::insert<gear::Gear>(gear::Gear*)\n"));
	/* an interceptor names no crash site: the line says nothing */
	expect_alone("SUMMARY: AddressSanitizer: heap-buffer-overflow (/usr/lib/x86_64-linux-gnu/libasan.so.8+0x3a1e4) in __interceptor_memcpy\n",
		"asan:heap-buffer-overflow", "");
}

/* A paste cut in the middle of its last frame's name: that frame is not
** in the signature, which is then the one of the same stack cut lower.
** A last frame whose name is whole (its arguments or module cut) stays. */
/* Android's debuggerd in logcat (brief, threadtime and Android Studio
** prefixes) and in a tombstone; a CUDA device-side assertion; ROCm's GPU
** fault; the kernel's, macOS shells' and zsh jobs' notes of a death. A
** log that says only a signal never shares a signature with another
** text that says only a signal. */
static void test_triage__android_gpu_and_kernel_shapes(void **state)
{
	(void)state;
	expect_sig("03-18 23:50:01.169 20921 21022 F libc    : Fatal signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x70 in tid 21022 (Worker), pid 20921 (com.demo)\n"
		"03-18 23:50:02.740 21138 21138 F DEBUG   : backtrace:\n"
		"03-18 23:50:02.740 21138 21138 F DEBUG   :       #00 pc 00000000001e0454  /data/app/~~x==/com.demo-y==/lib/arm64/libdemo.so (ggml_graph_compute+84) (BuildId: 1a2b3c)\n"
		"03-18 23:50:02.740 21138 21138 F DEBUG   :       #01 pc 00000000001e1554  /data/app/~~x==/com.demo-y==/lib/arm64/libdemo.so (Model::run(int)+1024) (BuildId: 1a2b3c)\n"
		"03-18 23:50:02.740 21138 21138 F DEBUG   :       #02 pc 00000000000c2b10  /apex/com.android.runtime/lib64/bionic/libc.so (__pthread_start(void*)+208) (BuildId: 9f8e)\n",
		"crash", "", "ggml_graph_compute", "Model::run", NULL);
	expect_sig("2025-03-18 23:50:01.169 20921-21022 libc                    com.demo                   A  Fatal signal 6 (SIGABRT), code -1 (SI_QUEUE) in tid 21022 (Worker), pid 20921 (com.demo)\n"
		"2025-03-18 23:50:02.740 21138-21138 DEBUG                   crash_dump64               A  Abort message: 'vector index 7 out of range'\n"
		"2025-03-18 23:50:02.740 21138-21138 DEBUG                   crash_dump64               A        #00 pc 000000000005b3fc  /apex/com.android.runtime/lib64/bionic/libc.so (abort+164) (BuildId: 9f8e)\n"
		"2025-03-18 23:50:02.740 21138-21138 DEBUG                   crash_dump64               A        #01 pc 0000000000031000  /data/app/base.apk!libdemo.so (offset 0x1000) (Graph::at(unsigned long)+36)\n",
		"android-abort", "vector index N out of range", "Graph::at", NULL, NULL);
	expect_sig("/src/kernels/reduce.cuh:208: void reduce_rows(float *, int) [with T = float; int N = 4]: block: [0,9,0], thread: [102,0,0] Assertion `idx < n` failed.\n"
		"/src/kernels/reduce.cuh:208: void reduce_rows(float *, int) [with T = float; int N = 4]: block: [0,9,0], thread: [103,0,0] Assertion `idx < n` failed.\n",
		"assert", "reduce_rows [T = float, N = 4]: idx < n at reduce.cuh", NULL, NULL, NULL);
	expect_alone("Memory access fault by GPU node-3 (Agent handle: 0x3c7610) on address 0x155555368000. Reason: Page not present or supervisor privilege.\n",
		"gpu-fault", "Memory access fault by GPU");
	expect_alone("[152970.213392] demo[398992]: segfault at 8 ip 00007f8fb6e5bde0 sp 00007ffd3eda32e8 error 4 in libdemo.so[7f8fb6e2c000+103000]\n",
		"crash", "SIGSEGV");
	expect_alone("Segmentation fault: 11\n", "crash", "SIGSEGV");
	expect_alone("Abort trap: 6\n", "abort", "SIGABRT");
	expect_alone("[1]    11767 segmentation fault (core dumped)  python\n", "crash", "SIGSEGV");
	/* Tenstorrent's runtime checks and their " --- " frames; Highway's
	** abort (gemma.cpp) signs alike at two versions' lines; an
	** Objective-C exception's reason on the next line; DALI's frames
	** of the Python binary only (the crash's own cut): nothing */
	expect_sig("RuntimeError: TT_FATAL @ /w/tt-metal/impl/kernels/kernel.cpp:281: iter != binaries_.end()\n"
		"info:\n"
		"binary not found\n"
		"backtrace:\n"
		" --- tt::tt_metal::Kernel::binaries(unsigned int)\n"
		" --- /opt/venv/lib/_C.cpython-310-x86_64-linux-gnu.so(+0xf6916) [0x7f14e1360916]\n"
		" --- tt::runtime::ttnn::submit(tt::runtime::Device, unsigned int)\n",
		"assert", ": iter != binaries_.end()", "tt::tt_metal::Kernel::binaries",
		"_C.cpython-310-x86_64-linux-gnu.so@0x916", "tt::runtime::ttnn::submit");
	expect_sig("Abort at ~/gemma.cpp/gemma.cc:1322: Failed to load model weights.\n"
		"[1]    6581 abort      ./gemma --weights 2b-it-sfp.sbs\n",
		"assert", ": Failed to load model weights. at gemma.cc", NULL, NULL, NULL);
	expect_sig("Abort at /src/gemma.cpp/./gemma/gemma.cc:1394: Failed to load model weights.\nAborted\n",
		"assert", ": Failed to load model weights. at gemma.cc", NULL, NULL, NULL);
	expect_sig("*** Terminating app due to uncaught exception 'NSRangeException', reason:\n"
		"'*** -[__NSArray0 objectAtIndex:]: index 0 beyond bounds for empty array'\n",
		"objc:NSRangeException", "'*** -[__NSArray0 objectAtIndex:]: index N beyond bounds for empty array'",
		NULL, NULL, NULL);
	expect_alone("[frame 47]: /root/envs/dali/bin/python(_PyEval_EvalCodeWithName+0x5da) [0x559704e5bb0a]\n"
		"[frame 48]: /root/envs/dali/bin/python(+0x16d449) [0x559704eb4449]\n"
		"[frame 49]: /root/envs/dali/bin/python3.8(_PyMethodDef_RawFastCallKeywords+0xe9) [0x559704eac789]\n",
		"crash", "");
	/* libbacktrace's frames as Fluent Bit prints them, "func() at
	** file:line" (once read as a frame named "at"); jemalloc's own
	** frames are the allocator's */
	expect_sig("[2021/02/25 07:52:43] [engine] caught signal (SIGSEGV)\n"
		"#0  0x560bcec0854c      in  rtree_leaf_elm_bits_read() at lib/jemalloc-5.2.1/include/jemalloc/internal/rtree.h:175\n"
		"#1  0x560bcec0854c      in  je_free_default() at lib/jemalloc-5.2.1/src/jemalloc.c:2790\n"
		"#2  0x560bcef39a58      in  cio_memfs_close() at lib/chunkio/src/cio_memfs.c:64\n"
		"#3  0x560bcef35623      in  cio_chunk_close(struct cio_chunk *ch) at lib/chunkio/src/cio_chunk.c:112\n"
		"#4  0x560bcecafd3a      in  flb_input_chunk_destroy() at src/flb_input_chunk.c:560\n"
		"#5  0xffffffffffffffff  in  ?\?\?() at ?\?\?:0\n",
		"crash", "", "cio_memfs_close", "cio_chunk_close", "flb_input_chunk_destroy");
	/* Redis's bug report behind its line prefix; Chapel's internal
	** error, whose code names the check's file and line */
	expect_sig("71:M 29 Dec 2025 09:20:38.951 # === ASSERTION FAILED ===\n"
		"71:M 29 Dec 2025 09:20:38.951 # ==> ziplist.c:708 'zipEntrySafe(zl, p, 1)' is not true\n"
		"\n"
		"------ STACK TRACE ------\n"
		"redis-server *:6379(logStackTrace+0x33)[0x44a6c3]\n"
		"redis-server *:6379(_serverAssert+0x12)[0x44a7c3]\n"
		"redis-server 10.0.0.2:16514 [cluster](ziplistIndex+0x4b1)[0x44a201]\n"
		"redis-server 10.0.0.2:16514 [cluster](hashTypeGetFromZiplist+0x30)[0x479e00]\n"
		"/lib/x86_64-linux-gnu/libc.so.6(__libc_start_main+0xf5)[0x7f1e2c8f2ec5]\n",
		"assert", ": zipEntrySafe(zl, p, 1)", "ziplistIndex", "hashTypeGetFromZiplist", NULL);
	expect_sig("production.chpl:2: internal error: UTI-MIS-0602 chpl version 1.19.0\n",
		"chapel-internal", "at UTI-MIS:0602", NULL, NULL, NULL);
	/* an old Redis's report: its prefix without milliseconds, the signal
	** by number; strace's signal and -k frames; a Node.js error behind
	** "ERROR: "; a Java exception indented as logcat prints it, of the
	** class Exception itself */
	expect_sig("[8540] 13 Apr 10:00:09 #     Redis 2.4.10 crashed by signal: 11\n"
		"[8540] 13 Apr 10:00:09 # --- STACK TRACE\n"
		"[8540] 13 Apr 10:00:09 # /opt/redis/bin/redis-server(listDelNode+0x75) [0x4183e5]\n"
		"[8540] 13 Apr 10:00:09 # /opt/redis/bin/redis-server(freeClient+0x24) [0x418734]\n",
		"crash", "", "listDelNode", "freeClient", NULL);
	expect_sig("--- SIGSEGV {si_signo=SIGSEGV, si_code=SEGV_MAPERR, si_addr=NULL} ---\n"
		" > /usr/lib/libemu.so.2(tb_flush+0x95) [0x870635]\n"
		" > /usr/lib/libemu.so.2(cpu_exec+0x1ed8) [0x879638]\n",
		"crash", "", "tb_flush", "cpu_exec", NULL);
	expect_sig("ERROR: TypeError: cannot read property 'kind' of undefined\n"
		"    at Resolver.lookup (/w/dist/resolver.js:184:9)\n",
		"node:TypeError", "cannot read property '?' of undefined", "resolver.js:Resolver.lookup", NULL, NULL);
	expect_sig("   java.lang.Exception: Execution of method forward failed with status 0x12\n"
		"                             \tat org.demo.NativePeer.forward(Native Method)\n"
		"                                at org.demo.Module.forward(Module.java:56)\n",
		"java:java.lang.Exception", "Execution of method forward failed with status 0x?",
		"org.demo.NativePeer.forward", "org.demo.Module.forward", NULL);
	{
		/* two deaths that say nothing else, of two programs */
		triage_sig a = sig_of("A/libc: Fatal signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x0 in tid 10 (a), pid 10 (com.a)\n", 0);
		triage_sig b = sig_of("A/libc: Fatal signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x8 in tid 20 (b), pid 20 (com.b)\n", 0);
		assert_true(a.hash != b.hash);
		triage_sig_free(&a);
		triage_sig_free(&b);
	}
}

/* Dart: the VM's uncaught exception with its frames' dotted names kept
** whole and the core libraries' ignored; an error handler's report,
** told apart by the name its message quotes and not by the handler's
** frames; Flutter's in logcat; the VM's own check; a terse trace. */
static void test_triage__dart_shapes(void **state)
{
	(void)state;
	expect_sig("Unhandled exception:\n"
		"RangeError (index): Index out of range: index should be less than 3: 7\n"
		"#0      List.[] (dart:core-patch/growable_array.dart:264:36)\n"
		"#1      Grid.cellAt (package:tiles/src/grid.dart:88:17)\n"
		"#2      Grid.neighbours.<anonymous closure> (package:tiles/src/grid.dart:102:12)\n"
		"#3      main (file:///home/u/tiles/bin/tiles.dart:9:3)\n"
		"#4      _delayEntrypointInvocation.<anonymous closure> (dart:isolate-patch/isolate_patch.dart:295:33)\n",
		"dart-exception", "RangeError (index): Index out of range: index should be less than N: N",
		"Grid.cellAt", "Grid.neighbours.<anonymous closure>", "main");
	{
		static const char head[] = "Lint server 1.2, FATAL error: NoSuchMethodError: The getter '%s' was called on null.\n"
			"Receiver: null\n"
			"Tried calling: %s\n"
			"#0      Driver._captureExceptions.errorFunction (package:lint_server/src/driver.dart:%d:7)\n"
			"#1      _CustomZone.handleUncaughtError (dart:async/zone.dart:1005:19)\n"
			"#2      _microtaskLoop (dart:async/schedule_microtask.dart:43:21)\n";
		char *la = xasprintf(head, "isEof", "isEof", 677);
		char *lb = xasprintf(head, "isEof", "isEof", 723);
		char *lc = xasprintf(head, "offset", "offset", 723);
		triage_sig a = sig_of(la, 0), b = sig_of(lb, 0), c = sig_of(lc, 0);
		assert_string_equal(a.kind, "dart-exception");
		assert_string_equal(a.message, "NoSuchMethodError: The getter 'isEof' was called on null.");
		assert_true(triage_sig_equal(&a, &b));
		assert_true(a.hash != c.hash);
		triage_sig_free(&a);
		triage_sig_free(&b);
		triage_sig_free(&c);
		free(la);
		free(lb);
		free(lc);
	}
	expect_sig("E/flutter ( 4242): [ERROR:flutter/runtime/dart_vm_initializer.cc(41)] Unhandled Exception: Invalid argument(s): '/data/user/0/com.shop/cache/a.png'\n"
		"E/flutter ( 4242): #0      _File.open (dart:io/file_impl.dart:356:9)\n"
		"E/flutter ( 4242): #1      ImageCache.load (package:shop/cache.dart:31:18)\n"
		"E/flutter ( 4242): <asynchronous suspension>\n",
		"dart-exception", "Invalid argument(s): '?'", "ImageCache.load", NULL, NULL);
	expect_sig("Unhandled exception:\n"
		"type '_Map<String, dynamic>' is not a subtype of type 'List<dynamic>' in type cast\n"
		"#0      Config.parse (package:cfg/config.dart:12:40)\n",
		"dart-exception", "type '_Map<String, dynamic>' is not a subtype of type 'List<dynamic>' in type cast",
		"Config.parse", NULL, NULL);
	expect_sig("../../runtime/vm/object.cc: 2660: error: expected: !cls.IsNull()\n"
		"version=3.2.0 (stable) on \"linux_x64\"\n"
		"pc 0x000055d1e2c5b7dc fp 0x00007f0e5cbfe8a0 dart+0x1a5b7dc\n"
		"pc 0x000055d1e2f1c2a1 fp 0x00007f0e5cbfe900 sp 0x00007f0e5cbfe8c8 [Optimized] Registry.lookup\n",
		"dart-vm", "expected: !cls.IsNull() at object.cc:2660", "dart@?", "Registry.lookup", NULL);
	{
		/* frames alone: the log stands alone, its frames read */
		triage_sig s = sig_of("package:tiles/src/grid.dart 88:17       Grid.cellAt\n"
			"package:tiles/src/grid.dart 102        Grid.neighbours.<fn>\n"
			"dart:core                              List.forEach\n", 0);
		assert_string_equal(s.kind, "managed");
		assert_non_null(strstr(s.message, "nothing read but a crash; log "));
		assert_int_equal(s.nframes, 2);
		assert_string_equal(s.frames[0], "Grid.cellAt");
		assert_string_equal(s.frames[1], "Grid.neighbours.<fn>");
		triage_sig_free(&s);
	}
}

/* A message cut at its limit in the middle of a character ends before
** that character: the signature's text stays UTF-8. */
static void test_triage__message_cut_on_a_character(void **state)
{
	gred_buf log = {0};
	triage_sig s;
	size_t k, n;

	(void)state;
	buf_puts(&log, "Traceback (most recent call last):\n  File \"t.py\", line 1, in <module>\nValueError: ");
	for (k = 0; k < 199; k++)
		buf_puts(&log, "a");
	buf_puts(&log, "\xc3\xa9\xc3\xa9\xc3\xa9\n");
	s = sig_of(log.data, 0);
	n = strlen(s.message);
	assert_true(n >= 199);
	assert_true(n == 199 || (n >= 201 && (unsigned char)s.message[199] == 0xc3));
	assert_true((unsigned char)s.message[n - 1] != 0xc3);
	triage_sig_free(&s);
	buf_free(&log);
}

/* Formats of GPU and ML-serving stacks: Open MPI's signal handler behind
** mpirun's prefixes; the kernel's oops; Go's runtime signal report with
** Go 1.23's goroutine header, a ggml abort's message lent to it; Go's
** os/exec note of a child's death; TensorRT-LLM's and Torch-TensorRT's
** checks; a CUDA error a wrapper relays. */
static void test_triage__hpc_and_serving_shapes(void **state)
{
	(void)state;
	expect_sig("Sun Nov  4 10:28:56 2018[1,1]<stderr>:[node-7:24375] *** Process received signal ***\n"
		"Sun Nov  4 10:28:56 2018[1,1]<stderr>:[node-7:24375] Signal: Segmentation fault (11)\n"
		"[node-7:24375] [ 0] /lib64/libpthread.so.0(+0xf5d0)[0x7f46176e35d0]\n"
		"[node-7:24375] [ 1] /opt/ucx/lib/libuct.so.0(uct_iface_open+0xb5)[0x7f0438ccf3f5]\n"
		"[node-7:24375] [ 2] /opt/ucx/lib/libucp.so.0(ucp_worker_create+0x3e9)[0x7f0438f4e659]\n",
		"crash", "", "uct_iface_open", "ucp_worker_create", NULL);
	expect_sig("[    2.613694] BUG: kernel NULL pointer dereference, address: 0000000000000fa8\n"
		"[    2.616883] #PF: supervisor write access in kernel mode\n"
		"[    2.618999] Oops: 0002 [#1] PREEMPT SMP NOPTI\n"
		"[    2.622175] RIP: 0010:gpu_log_init+0x6/0xd0 [gpudrv]\n"
		"[    2.624417] RSP: 0018:ffffc900011c3ad8 EFLAGS: 00010246\n"
		"[    2.625000] Call Trace:\n"
		"[    2.625001]  <TASK>\n"
		"[    2.625002]  gpu_probe+0x1a/0x30 [gpudrv]\n"
		"[    2.625003]  ? kmem_cache_alloc+0x20/0x200\n"
		"[    2.625004]  pci_device_probe+0xa5/0x150\n",
		"kernel-bug", "kernel NULL pointer dereference", "gpu_log_init", "gpu_probe", "pci_device_probe");
	expect_sig("llama.cpp:11968: The current context does not support K-shift\n"
		"SIGABRT: abort\n"
		"PC=0x7f87e284d1d7 m=0 sigcode=18446744073709551610\n"
		"signal arrived during cgo execution\n"
		"\n"
		"goroutine 4 gp=0xc0000076c0 m=0 mp=0x55ef197e41c0 [syscall]:\n"
		"runtime.cgocall(0x55ef191fcfb0, 0xc00014aba0)\n"
		"\truntime/cgocall.go:167 +0x4b fp=0xc00014ab78 sp=0xc00014ab40 pc=0x55ef18fb14eb\n"
		"example.com/llm/llama._Cfunc_llama_decode(0x7f876cc0c7b0)\n"
		"\t_cgo_gotypes.go:556 +0x4f fp=0xc00014aba0 sp=0xc00014ab78 pc=0x55ef1905b56f\n",
		"abort", "The current context does not support K-shift",
		"example.com/llm/llama._Cfunc_llama_decode", NULL, NULL);
	expect_alone("Error: llama runner process has terminated: signal: illegal instruction (core dumped)\n",
		"crash", "SIGILL");
	expect_sig("[TensorRT-LLM][ERROR] Assertion failed: mNextBlocks.empty() (/b/cpp/batch_manager/kvCacheManager.cpp:257)\n"
		"1       0x413dcc tensorrt_llm::common::throwRuntimeError(char const*, int, std::string const&) + 71\n"
		"2       0x7f492ce5b765 tensorrt_llm::batch_manager::BlockManager::claimLeafBlock(int) + 220\n"
		"3       0x7f492ab87384 /b/lib/libtensorrt_llm.so(+0x81e384) [0x7f492ab87384]\n",
		"assert", ": mNextBlocks.empty()", "tensorrt_llm::batch_manager::BlockManager::claimLeafBlock",
		"libtensorrt_llm.so@0x384", NULL);
	expect_sig("RuntimeError: [Error thrown at core/conversion/var/Var.cpp:127] Expected isIValue() to be true but got false\n"
		"Requested IValue from Var, however Var type is nvinfer1::ITensor\n",
		"torchtrt-error", "Expected isIValue() to be true but got false at Var.cpp", NULL, NULL, NULL);
	expect_alone("Error: llama runner process has terminated: CUDA error: an illegal memory access was encountered\n",
		"cuda-error", "CUDA error: an illegal memory access was encountered");
}

/* Formats of engines, runtimes and servers: Godot's crash handler in its
** three frame shapes; Bun's Markdown crash report; Erlang's exception
** with its two location styles; Elixir's; glog's handler chained into an
** embedded JVM's, whose frames are handlers too. */
static void test_triage__engine_and_runtime_shapes(void **state)
{
	(void)state;
	expect_sig("handle_crash: Program crashed with signal 11\n"
		"Dumping the backtrace. Please include this when reporting the bug\n"
		"[1] 625ded65c792 (main+22c9792) - handle_crash(int) at /g/platform/linuxbsd/crash_handler_linuxbsd.cpp:95\n"
		"[2] 752c1e045cb0 (libc.so.6+45cb0) - /usr/lib/x86_64-linux-gnu/libc.so.6(+0x45cb0) [0x752c1e045cb0]\n"
		"[3] 625df86d77b9 (main+d3447b9) - RenderingDevice::texture_create(int const&) at /g/servers/rendering_device.cpp:1570\n"
		"[4] 625df92a46f5 (main+df116f5) - SceneBuffers::create(StringName const&) at /g/servers/re\n",
		"crash", "", "RenderingDevice::texture_create", "SceneBuffers::create", NULL);
	expect_sig("handle_crash: Program crashed with signal 11\n"
		"Dumping the backtrace. Please include this when reporting the bug\n"
		"[1] /lib/x86_64-linux-gnu/libc.so.6(+0x3ef20) [0x7f5bd3a6ef20] (??:0)\n"
		"[2] Node::get_child(int) const (/g/scene/main/node.cpp:1434)\n"
		"[3] Tree::update() (in godot.osx.tools.64) (tree.cpp:88)\n",
		"crash", "", "Node::get_child", "Tree::update", NULL);
	expect_sig("Bun v1.1.38 ([`bf2f153`](<https://github.com/oven-sh/bun/tree/bf2f153>)) on windows x86_64 [AutoCommand]\n"
		"\n"
		"**panic**: Internal assertion failure\n"
		"\n"
		"- [`debug.zig:373`](<https://github.com/oven-sh/bun/blob/bf2f153/src/deps/zig/lib/std/debug.zig#L373>): `panicExtra`\n"
		"- [`bun.zig:3254`](<https://github.com/oven-sh/bun/blob/bf2f153/src/bun.zig#L3254>): `assertionFailure`\n"
		"- [`string.zig:1072`](<https://github.com/oven-sh/bun/blob/bf2f153/src/string.zig#L1072>): `deref`\n"
		"- `uv_run`\n",
		"bun-panic", "Internal assertion failure", "deref", "uv_run", NULL);
	{
		triage_sig a = sig_of("t.erl: internal error in pass beam_ssa_opt:\n"
			"exception error: no match of right hand side value false\n"
			"  in function  beam_ssa_type:infer_types/2 (beam_ssa_type.erl, line 2592)\n"
			"  in call from beam_ssa_type:sig_bs/8 (beam_ssa_type.erl, line 257)\n", 0);
		triage_sig b = sig_of("u.erl: internal error in pass beam_ssa_opt:\n"
			"exception error: no match of right hand side value false\n"
			"  in function  beam_ssa_type:infer_types/2 (beam_ssa_type.erl:2610)\n"
			"  in call from beam_ssa_type:sig_bs/8 (beam_ssa_type.erl:271)\n", 0);
		assert_string_equal(a.kind, "erlang:error");
		assert_string_equal(a.message, "no match of right hand side value false");
		assert_int_equal(a.nframes, 2);
		assert_string_equal(a.frames[0], "beam_ssa_type:infer_types/2");
		assert_true(triage_sig_equal(&a, &b));
		triage_sig_free(&a);
		triage_sig_free(&b);
	}
	expect_sig("** (ArgumentError) errors were found at the given arguments\n"
		"    (erts 13.0) :erlang.binary_to_atom(nil, :utf8)\n"
		"    (app 0.1.0) lib/app/config.ex:12: App.Config.load/1\n",
		"elixir:ArgumentError", "errors were found at the given arguments", "App.Config.load/1", NULL, NULL);
	/* the Windows C runtime's assertion dialog, systemd's and LuaJIT's
	** assertions, macOS's allocator check (alone), Boost.Stacktrace's
	** frames under glog's header with the signal's si_code words */
	expect_sig("Assertion failed!\n\nProgram: C:\\apps\\player.exe\nFile: ../video/out/gl_w32.c, Line 37\n\n"
		"Expression: !w32_ctx->hdc\n",
		"assert", ": !w32_ctx->hdc at gl_w32.c", NULL, NULL, NULL);
	expect_sig("Assertion 'subsystem' failed at src/libsystemd/sd-device/sd-device.c:1194, function device_get_id_filename(). Aborting.\n",
		"assert", "device_get_id_filename: subsystem at sd-device.c", NULL, NULL, NULL);
	expect_sig(" LuaJIT ASSERT lj_emit_arm64.h:127: emit_lso: load/store offset 32768 out of range\n",
		"assert", "emit_lso: load/store offset 32768 out of range at lj_emit_arm64.h", NULL, NULL, NULL);
	expect_alone("tmux(1108,0x7fff75148300) malloc: *** error for object 0x7fa2fe191608: incorrect checksum for freed object\n",
		"heap-corruption", "incorrect checksum for freed object");
	expect_sig("*** SIGSEGV address not mapped to object (@0x28) received by PID 62709 (TID 0x7fa10dabb700) from PID 40; stack trace: ***\n"
		" 0# db::signal::(anonymous namespace)::FailureSignalHandler(int, siginfo_t*, void*) at /s/be/src/common/signal_handler.h:407\n"
		" 1# os::Linux::chained_handler(int, siginfo*, void*) in /usr/local/jdk/lib/server/libjvm.so\n"
		" 2# JVM_handle_linux_signal in /usr/local/jdk/lib/server/libjvm.so\n"
		" 3# 0x00007FA1B0E3F400 in /lib64/libc.so.6\n"
		" 4# db::MemTracker::update(long) at /s/be/src/runtime/mem_tracker.h:88\n"
		" 5# db::MemTracker::attach(int) in /s/lib/be\n",
		"crash", "", "db::MemTracker::update", "db::MemTracker::attach", NULL);
	/* miette's panic report (Nushell): its place and message on the
	** lines under it; Rust's stack overflow (alone); a Scala exception
	** behind sbt's "[error] " tag, its assertion helper not its frame */
	expect_sig("Error:   x Main thread panicked.\n"
		"  |-> at crates\\nu-cmd\\src\\break_.rs:45:9\n"
		"  `-> internal error: entered unreachable code\n",
		"rust-panic", "internal error: entered unreachable code at break_.rs:45", NULL, NULL, NULL);
	expect_alone("thread 'resolver' (54765019) has overflowed its stack\nfatal runtime error: stack overflow, aborting\n",
		"rust-stack-overflow", "");
	expect_sig("[error] java.lang.AssertionError: assertion failed: position not set\n"
		"[error] \tat scala.runtime.RunTime$.assertFailed(RunTime.scala:8)\n"
		"[error] \tat tools.ast.Positioned.checkPos(Positioned.scala:224)\n",
		"java:java.lang.AssertionError", "assertion failed: position not set",
		"tools.ast.Positioned.checkPos", NULL, NULL);
	/* a Go program's recover handler and the stack printing it calls,
	** and an assertion helper, are not the bug's frames */
	expect_sig("panic: value is marked, so must be unmarked first\n"
		"goroutine 1516 [running]:\n"
		"runtime/debug.Stack()\n"
		"\truntime/debug/stack.go:24 +0x5e\n"
		"example.com/tf/internal/logging.PanicHandler()\n"
		"\texample.com/tf/internal/logging/panic.go:84 +0x1ac\n"
		"panic({0x3915a80?, 0x4859980?})\n"
		"\truntime/panic.go:770 +0x132\n"
		"example.com/cty.Value.assertUnmarked(...)\n"
		"\texample.com/cty/marks.go:141\n"
		"example.com/cty.Value.ElementIterator({{{0x489c810?, 0xc002003ef0?}}})\n"
		"\texample.com/cty/value_ops.go:1191 +0x47\n",
		"go-panic", "value is marked, so must be unmarked first", "example.com/cty.Value.ElementIterator",
		NULL, NULL);
	expect_sig("*** SIGSEGV (@0x0) received by PID 15670 (TID 0x7fca98ad0700) from PID 0; stack trace: ***\n"
		"    @          0x3eae9d2 google::(anonymous namespace)::FailureSignalHandler()\n"
		"    @     0x7fcb32f95765 os::Linux::chained_handler()\n"
		"    @     0x7fcb32f9a561 JVM_handle_linux_signal\n"
		"    @     0x7fcb32f8d5f8 signalHandler()\n"
		"    @     0x7fcb32448630 (unknown)\n"
		"    @          0x282b844 db::pipeline::Driver::finish()\n",
		"crash", "", "@?", "db::pipeline::Driver::finish", NULL);
}

static void test_triage__paste_cut_in_last_frame(void **state)
{
	static const char head[] =
		"PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include the crash backtrace.\n"
		"Stack dump:\n"
		"0.\tProgram arguments: /b/bin/gear-opt -spin a.mlir\n"
		" #0 0x000055cab3cd30f8 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) (/b/bin/gear-opt+0x20300f8)\n"
		" #1 0x000055cab3ccff91 llvm::sys::RunSignalHandlers() (/b/bin/gear-opt+0x202cf91)\n"
		" #2 0x000055cab3cd4216 SignalHandler(int, siginfo_t*, void*) Signals.cpp:0:0\n"
		" #3 0x00007fde9fe46420 __restore_rt (/lib/x86_64-linux-gnu/libpthread.so.0+0x14420)\n"
		" #4 0x000055cabc20d694 gear::SpinOp::fold(gear::SpinOpAdaptor<llvm::ArrayRef<mlir::Attribute>>, llvm::SmallVectorImpl<mlir::OpFoldResult>&) (/b/bin/gear-opt+0x856a694)\n";
	char *cut_template = xasprintf("%s #5 0x000055cabc25bf0a llvm::LogicalResult mlir::Op<gear::SpinOp, mlir::OpTrait::OneRegion, mlir::OpTrait::Var\n", head);
	char *cut_name = xasprintf("%s #5 0x000055cabc25bf0a gear::detail::foldSin\n", head);
	char *cut_args = xasprintf("%s #5 0x000055cabc25bf0a gear::detail::foldSingle(mlir::Operation*, llvm::ArrayRef<mlir::Attr\n", head);
	triage_sig a = sig_of(head, 0), b;

	(void)state;
	assert_int_equal(a.nframes, 1);
	assert_string_equal(a.frames[0], "gear::SpinOp::fold");
	b = sig_of(cut_template, 0);
	assert_true(triage_sig_equal(&a, &b));
	triage_sig_free(&b);
	b = sig_of(cut_name, 0);
	assert_true(triage_sig_equal(&a, &b));
	triage_sig_free(&b);
	b = sig_of(cut_args, 0);
	assert_int_equal(b.nframes, 2);
	assert_string_equal(b.frames[1], "gear::detail::foldSingle");
	triage_sig_free(&b);
	triage_sig_free(&a);
	free(cut_template);
	free(cut_name);
	free(cut_args);
}

/* One crash pasted twice: its message line alone, or its stack from
** "Stack dump:" on without the message. The assertion's function is
** the abort's crashing frame; an LLVM fatal error with its stack meets
** the same stack without its message. */
static void test_triage__similar_message_line_and_stack_dump(void **state)
{
	static const char stack[] =
		"Stack dump:\n"
		"0.\tProgram arguments: /b/bin/gear-opt -spin a.mlir\n"
		" #0 0x0000000003467e08 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) (/b/bin/gear-opt+0x3467e08)\n"
		" #1 0x00000000034656fc SignalHandler(int) Signals.cpp:0:0\n"
		" #2 0x00007fdfe4aa9420 __restore_rt (/lib/x86_64-linux-gnu/libpthread.so.0+0x14420)\n"
		" #3 0x00007fdfe456c00b raise (/lib/x86_64-linux-gnu/libc.so.6+0x4300b)\n"
		" #4 0x00007fdfe454b859 abort (/lib/x86_64-linux-gnu/libc.so.6+0x22859)\n"
		" #5 0x0000000001e5d375 gear::Worklist::push(gear::Tooth*) (/b/bin/gear-opt+0x1e5d375)\n"
		" #6 0x0000000002fcf716 gear::Spinner::run() (/b/bin/gear-opt+0x2fcf716)\n";
	static const char line[] =
		"gear-opt: /src/gear/include/gear/Worklist.h:60: void gear::Worklist::push(gear::Tooth *): Assertion `T->getWheel() && \"Tooth not on a wheel?\"' failed.\n"
		"PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include the crash backtrace.\n";
	static const char fatal[] =
		"LLVM ERROR: gear cannot spin without teeth\n"
		"Stack dump:\n"
		" #0 0x0000000003467e08 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) (/b/bin/gear-opt+0x3467e08)\n"
		" #1 0x00000000034656fc SignalHandler(int) Signals.cpp:0:0\n"
		" #2 0x00007fdfe456c00b raise (/lib/x86_64-linux-gnu/libc.so.6+0x4300b)\n"
		" #3 0x00007fdfe454b859 abort (/lib/x86_64-linux-gnu/libc.so.6+0x22859)\n"
		" #4 0x0000000003466000 llvm::report_fatal_error(llvm::Twine const&, bool) (/b/bin/gear-opt+0x3466000)\n"
		" #5 0x0000000001e5d375 gear::Worklist::push(gear::Tooth*) (/b/bin/gear-opt+0x1e5d375)\n"
		" #6 0x0000000002fcf716 gear::Spinner::run() (/b/bin/gear-opt+0x2fcf716)\n";

	(void)state;
	assert_true(similar(line, stack));
	assert_true(similar(fatal, stack));
	/* another function's assertion, another bug */
	assert_false(similar("gear-opt: /src/gear/lib/Spinner.cpp:88: void gear::Spinner::run(): Assertion `ok' failed.\n", stack));
	/* a template's check of its callers' arguments names no bug */
	assert_false(similar("gear-opt: /src/llvm/include/llvm/ADT/SmallVector.h:291: reference llvm::SmallVectorTemplateCommon<gear::Tooth *>::operator[](size_type) [T = gear::Tooth *]: Assertion `idx < size()' failed.\n",
		"Stack dump:\n"
		" #0 0x00007fdfe454b859 abort (/lib/x86_64-linux-gnu/libc.so.6+0x22859)\n"
		" #1 0x0000000001e5d375 llvm::SmallVectorTemplateCommon<gear::Tooth*, void>::operator[](unsigned long) (/b/bin/gear-opt+0x1e5d375)\n"
		" #2 0x0000000002fcf716 gear::Spinner::run() (/b/bin/gear-opt+0x2fcf716)\n"));
	/* an abort that says what it is stays apart from an assertion */
	assert_false(similar(line, "LLVM ERROR: out of teeth\n"
		"Stack dump:\n"
		" #0 0x00007fdfe454b859 abort (/lib/x86_64-linux-gnu/libc.so.6+0x22859)\n"
		" #1 0x0000000001e5d375 gear::Worklist::push(gear::Tooth*) (/b/bin/gear-opt+0x1e5d375)\n"));
}

/* LLVM's instruction selector names its DAG nodes by number in new
** releases and by address in old ones: one message, the node's type and
** opcode kept. */
static void test_triage__dag_nodes_by_number_or_address(void **state)
{
	const char *by_number =
		"widgetc: note: compiling spin.c\n"
		"fatal error: error in backend: Cannot select: t42: v4i32 = GEARISD::SPIN t17, t9\n"
		"widgetc: error: the backend failed\n";
	const char *by_address =
		"LLVM ERROR: Cannot select: 0x5581a2c3d4e0: v4i32 = GEARISD::SPIN 0x5581a2c3d170, 0x5581a2c3e9a8\n";
	const char *other_op =
		"LLVM ERROR: Cannot select: t42: v4i32 = GEARISD::STOP t17, t9\n";
	const char *other_type =
		"LLVM ERROR: Cannot select: t42: v8i64 = GEARISD::SPIN t17, t9\n";
	triage_sig a = sig_of(by_number, 0), b = sig_of(by_address, 0),
		c = sig_of(other_op, 0), d = sig_of(other_type, 0);

	(void)state;
	assert_string_equal(a.kind, "llvm-error");
	assert_string_equal(a.message, "Cannot select: t?: v4i32 = GEARISD::SPIN t?, t?");
	assert_string_equal(b.message, a.message);
	assert_true(triage_sig_equal(&a, &b));
	assert_false(triage_sig_equal(&a, &c));
	assert_false(triage_sig_equal(&a, &d));
	assert_non_null(strstr(d.message, "v8i64 = GEARISD::SPIN"));
	triage_sig_free(&a);
	triage_sig_free(&b);
	triage_sig_free(&c);
	triage_sig_free(&d);
}

/* faulthandler's dump after a runner's words on the same line, and one
** that lists another thread first: the crash is the current thread's. */
static void test_triage__faulthandler_current_thread(void **state)
{
	const char *alone =
		"============ test session starts ============\n"
		"collecting ... Fatal Python error: Segmentation fault\n"
		"\n"
		"Current thread 0x00000001a2b3c4d5 (most recent call first):\n"
		"  File \"/opt/venv/lib/python3.11/site-packages/gear/client.py\", line 41 in spin_up\n"
		"  File \"/opt/venv/lib/python3.11/site-packages/gear/bridge.py\", line 120 in backends\n"
		"  File \"/opt/venv/lib/python3.11/site-packages/gear/bridge.py\", line 131 in get_backend\n";
	const char *threads =
		"Fatal Python error: Segmentation fault\n"
		"\n"
		"Thread 0x00007000a1b2c000 (most recent call first):\n"
		"  File \"/usr/lib/python3.10/threading.py\", line 320 in wait\n"
		"  File \"/opt/venv/lib/python3.10/site-packages/meter/_watch.py\", line 55 in run\n"
		"  File \"/usr/lib/python3.10/threading.py\", line 1016 in _bootstrap_inner\n"
		"\n"
		"Current thread 0x00000001b7c8d9e0 (most recent call first):\n"
		"  File \"/opt/venv/lib/python3.10/site-packages/gear/client.py\", line 41 in spin_up\n"
		"  File \"/opt/venv/lib/python3.10/site-packages/gear/bridge.py\", line 120 in backends\n"
		"  File \"/opt/venv/lib/python3.10/site-packages/gear/bridge.py\", line 131 in get_backend\n"
		"  File \"/opt/venv/lib/python3.10/site-packages/gear/api.py\", line 9 in <module>\n";
	triage_sig a = sig_of(alone, 0), b = sig_of(threads, 0);

	(void)state;
	assert_string_equal(a.kind, "crash");
	assert_string_equal(a.format, "python");
	assert_string_equal(b.kind, a.kind);
	assert_true(b.nframes >= 1);
	assert_string_equal(b.frames[0], "client.py:spin_up");
	assert_true(triage_sig_equal(&a, &b));
	/* another thread's frames, not the current one's, on top */
	expect_sig("Fatal Python error: Segmentation fault\n"
		"Current thread 0x00000001b7c8d9e0 (most recent call first):\n"
		"  File \"/srv/app/work.py\", line 7 in churn\n"
		"\n"
		"Thread 0x00007000a1b2c000 (most recent call first):\n"
		"  File \"/usr/lib/python3.10/threading.py\", line 320 in wait\n"
		"  File \"/usr/lib/python3.10/threading.py\", line 600 in wait\n",
		"crash", "", "work.py:churn", NULL, NULL);
	triage_sig_free(&a);
	triage_sig_free(&b);
}

/* Visual Studio's Call Stack window pasted as text: its frames. */
static void test_triage__visual_studio_call_stack(void **state)
{
	const char *log =
		"[Inline Frame] widget-opt.exe!gear::Chain<int __cdecl(gear::Tooth &)>::operator()(gear::Tooth &) Line 31 (c:\\src\\gear\\include\\gear\\Chain.h:31)\n"
		">\twidget-opt.exe!gear::`anonymous namespace'::SpinPass::runOnTooth(gear::Tooth *) Line 212 (c:\\src\\gear\\lib\\Spin.cpp:212)\n"
		"  widget-opt.exe!gear::Engine::run(gear::Tooth &) Line 88 (c:\\src\\gear\\lib\\Engine.cpp:88)\n"
		"  gearcore.dll!gear::drive(int) Line 9\tC++\n"
		"  kernel32.dll!00007ffc1a2b3c4d()\tUnknown\n"
		"  [External Code]\n";
	triage_sig s = sig_of(log, 0);

	(void)state;
	assert_true(s.crashed);
	assert_string_equal(s.format, "stack");
	assert_int_equal(s.nframes, 3);
	assert_string_equal(s.frames[0], "gear::Chain::operator()");
	assert_string_equal(s.frames[1], "gear::SpinPass::runOnTooth");
	assert_string_equal(s.frames[2], "gear::Engine::run");
	assert_int_equal(s.nstack, 5);
	assert_string_equal(s.stack[1].file, "Spin.cpp");
	assert_int_equal(s.stack[1].line, 212);
	assert_string_equal(s.stack[3].func, "gear::drive");
	triage_sig_free(&s);
}

/* An assertion's line cut where the log ends, before "' failed.": still
** the assertion; in the middle of a log the line must be whole. */
static void test_triage__assertion_cut_at_log_end(void **state)
{
	const char *cut =
		"widgetc: /src/gear/lib/Tooth.cpp:79: static gear::Tooth *gear::Tooth::Create(const gear::Ctx &, gear::Tooth *): Assertion `(!Prev || (Prev->getShape() == nullptr && Pr\n"
		"\n";
	const char *inside =
		"widgetc: /src/gear/lib/Tooth.cpp:79: static gear::Tooth *gear::Tooth::Create(const gear::Ctx &, gear::Tooth *): Assertion `(!Prev || (Prev->getShape() == nullptr && Pr\n"
		"some later output of the run\n";
	triage_sig s = sig_of(cut, 0);
	triage_options o;
	triage_sig t;
	gred_error e;

	(void)state;
	assert_true(s.crashed);
	assert_string_equal(s.kind, "assert");
	assert_string_equal(s.format, "glibc");
	assert_string_equal(s.message, "gear::Tooth::Create: (!Prev || (Prev->getShape() == nullptr && Pr at Tooth.cpp");
	triage_sig_free(&s);
	triage_options_init(&o);
	/* not a crash report in the middle of a log */
	assert_int_equal(triage_sig_compute(&t, inside, strlen(inside), &o, &e), 0);
	assert_false(t.crashed);
	triage_sig_free(&t);
}

/* PyTorch's exceptions that wrap the real one, on one line or with the
** real one on the next: the inner exception is the report. */
static void test_triage__python_wrapped_exception(void **state)
{
	const char *inline_form =
		"Traceback (most recent call last):\n"
		"  File \"/opt/venv/lib/python3.12/site-packages/gear/shapes.py\", line 301, in eval\n"
		"    assert q >= 0, q\n"
		"gear._engine.exc.EngineError: AssertionError: -1234567/100000000\n"
		"\n"
		"Set GEAR_VERBOSE=1 for more.\n";
	const char *raised_form =
		"  File \"/home/u/env/lib/python3.10/site-packages/gear/shapes.py\", line 301, in eval\n"
		"    assert q >= 0, q\n"
		"gear._front.exc.BackendFailed: backend='spinner' raised:\n"
		"AssertionError: -7654321/1000000000\n"
		"\n"
		"Set GEAR_VERBOSE=1 for more.\n";
	triage_sig a = sig_of(inline_form, 0), b = sig_of(raised_form, 0);

	(void)state;
	assert_string_equal(a.kind, "python:AssertionError");
	assert_string_equal(a.message, "-N/N");
	assert_string_equal(b.kind, "python:AssertionError");
	assert_string_equal(b.message, "-N/N");
	assert_true(triage_sig_equal(&a, &b));
	triage_sig_free(&a);
	triage_sig_free(&b);
	/* a message that only looks like "Word: text" stays the message */
	expect_sig("Traceback (most recent call last):\n"
		"  File \"/srv/app/run.py\", line 3, in main\n"
		"ValueError: Expected: a tooth, got none\n",
		"python:ValueError", "Expected: a tooth, got none", "run.py:main", NULL, NULL);
	/* nested wrappers unwrap to the innermost */
	expect_sig("Traceback (most recent call last):\n"
		"  File \"/srv/app/run.py\", line 3, in main\n"
		"pkg.OuterError: mid.MiddleException: KeyError: 'x'\n",
		"python:KeyError", "'?'", "run.py:main", NULL, NULL);
	/* a wrapper's message that is only the name of the inner one */
	expect_sig("Traceback (most recent call last):\n"
		"  File \"/srv/app/run.py\", line 3, in main\n"
		"pkg.OuterError: ValueError   \n",
		"python:ValueError", "", "run.py:main", NULL, NULL);
}

/* Two lines of one tool's output as long as each other, the second
** ending in a mark before the report: no wrap to undo. */
static void test_triage__equal_lines_of_one_tool_are_no_wrap(void **state)
{
	(void)state;
	expect_sig("widget-run: check\n"
		"widget-run: runtime 4.2.0 (/opt/widget/lib/node_modules/widget-core), level all, seed 7, model /tmp/w/gear1.onnx\n"
		"widget-run: outputs at level all vs none differ in output 'y': element 0: 12.5 vs 0.25 (atol 0.0001, rtol 0.001)\n"
		"Error: gear mismatch in values of an output of Add\n"
		"    at compareOutputs (run.js:0:0)\n",
		"node:Error", "gear mismatch in values of an output of Add",
		"run.js:compareOutputs", NULL, NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_triage__llvm_stack_dump_without_symbols),
		cmocka_unit_test(test_triage__llvm_symbolised_equals_unsymbolised),
		cmocka_unit_test(test_triage__llvm_error_and_abort),
		cmocka_unit_test(test_triage__assertion),
		cmocka_unit_test(test_triage__assertion_keeps_template_arguments),
		cmocka_unit_test(test_triage__bsd_assertion),
		cmocka_unit_test(test_triage__asan_report_uses_first_stack),
		cmocka_unit_test(test_triage__ubsan_runtime_error),
		cmocka_unit_test(test_triage__gdb_and_lldb_backtraces),
		cmocka_unit_test(test_triage__glibc_messages),
		cmocka_unit_test(test_triage__libstdcxx_assertion),
		cmocka_unit_test(test_triage__bare_signals_keep_their_name),
		cmocka_unit_test(test_triage__bare_abort_stands_alone),
		cmocka_unit_test(test_triage__assertion_on_three_lines),
		cmocka_unit_test(test_triage__bare_captures_of_two_builds_stay_apart),
		cmocka_unit_test(test_triage__little_parsed_logs_stay_apart),
		cmocka_unit_test(test_triage__python_traceback),
		cmocka_unit_test(test_triage__node_and_onnxruntime_errors),
		cmocka_unit_test(test_triage__onnxruntime_bindings),
		cmocka_unit_test(test_triage__pytorch_internal_assert),
		cmocka_unit_test(test_triage__rust_panic),
		cmocka_unit_test(test_triage__mixed_log_prefers_native_crash),
		cmocka_unit_test(test_triage__interleaved_and_truncated),
		cmocka_unit_test(test_triage__bad_logs),
		cmocka_unit_test(test_triage__function_names),
		cmocka_unit_test(test_triage__messages),
		cmocka_unit_test(test_triage__frames_option_and_ids),
		cmocka_unit_test(test_triage__user_ignore_patterns),
		cmocka_unit_test(test_triage__long_log_read_as_head_and_tail),
		cmocka_unit_test(test_triage__store_buckets_and_duplicates),
		cmocka_unit_test(test_triage__similar_survives_inlining),
		cmocka_unit_test(test_triage__similar_inlined_at_call_line),
		cmocka_unit_test(test_triage__similar_across_symbols),
		cmocka_unit_test(test_triage__similar_assertions_without_frames),
		cmocka_unit_test(test_triage__wrapped_and_prefixed_logs),
		cmocka_unit_test(test_triage__ubsan_interleaved_and_cut),
		cmocka_unit_test(test_triage__asan_stack_object_survives_stripping),
		cmocka_unit_test(test_triage__similar_crash_site_other_callers),
		cmocka_unit_test(test_triage__ubsan_site_survives_stripping),
		cmocka_unit_test(test_triage__ubsan_sites_apart),
		cmocka_unit_test(test_triage__messages_name_stripped_aborts),
		cmocka_unit_test(test_triage__paste_broken_assertion),
		cmocka_unit_test(test_triage__paste_cut_through_report_word),
		cmocka_unit_test(test_triage__compilers_and_debuggers_agree),
		cmocka_unit_test(test_triage__python_values_in_messages),
		cmocka_unit_test(test_triage__similar_bare_signal_same_statement),
		cmocka_unit_test(test_triage__similar_cut_message),
		cmocka_unit_test(test_triage__similar_inline_helper_needs_caller),
		cmocka_unit_test(test_triage__similar_same_statement),
		cmocka_unit_test(test_triage__windows_llvm_error),
		cmocka_unit_test(test_triage__runtime_assert_and_libcxx_terminate),
		cmocka_unit_test(test_triage__c10_error_frames),
		cmocka_unit_test(test_triage__rust_ice_without_panic_line),
		cmocka_unit_test(test_triage__rust_placeholder_panic),
		cmocka_unit_test(test_triage__posted_report_shapes),
		cmocka_unit_test(test_triage__compiler_and_managed_shapes),
		cmocka_unit_test(test_triage__runtime_report_shapes),
		cmocka_unit_test(test_triage__language_runtime_shapes),
		cmocka_unit_test(test_triage__runtime_and_database_shapes),
		cmocka_unit_test(test_triage__android_gpu_and_kernel_shapes),
		cmocka_unit_test(test_triage__dart_shapes),
		cmocka_unit_test(test_triage__hpc_and_serving_shapes),
		cmocka_unit_test(test_triage__engine_and_runtime_shapes),
		cmocka_unit_test(test_triage__message_cut_on_a_character),
		cmocka_unit_test(test_triage__rust_panic_paste_starts_lower),
		cmocka_unit_test(test_triage__driver_tail_stands_alone),
		cmocka_unit_test(test_triage__headless_traceback_driver_error),
		cmocka_unit_test(test_triage__quoted_log_and_ide_signal),
		cmocka_unit_test(test_triage__more_logs_that_stand_alone),
		cmocka_unit_test(test_triage__glog_check_and_frames),
		cmocka_unit_test(test_triage__backend_checks_and_ci_prefix),
		cmocka_unit_test(test_triage__rust_message_wrapped_in_braces),
		cmocka_unit_test(test_triage__onnxruntime_without_framing),
		cmocka_unit_test(test_triage__frame_only_pastes),
		cmocka_unit_test(test_triage__asan_summary_alone),
		cmocka_unit_test(test_triage__paste_cut_in_last_frame),
		cmocka_unit_test(test_triage__similar_message_line_and_stack_dump),
		cmocka_unit_test(test_triage__dag_nodes_by_number_or_address),
		cmocka_unit_test(test_triage__faulthandler_current_thread),
		cmocka_unit_test(test_triage__visual_studio_call_stack),
		cmocka_unit_test(test_triage__assertion_cut_at_log_end),
		cmocka_unit_test(test_triage__python_wrapped_exception),
		cmocka_unit_test(test_triage__equal_lines_of_one_tool_are_no_wrap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
