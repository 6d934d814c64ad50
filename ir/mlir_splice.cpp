// What splicing one function's print into its module's print needs from
// the C++ API (MLIR 19's C API has none of it): whether an op is isolated,
// whether its own attributes changed, its symbol uses checked as verifying
// the module would, and whether the module printer would alias anything
// in it (an alias is named for the whole module, so such text is not
// spliced). Also a parse without the verifier, for text a forked copy
// parsed and verified already, and printing through a buffer (the C
// API's stream is unbuffered: a call per token).
#include "mlir/CAPI/IR.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/DenseSet.h"

#include <string>
#include <vector>

using namespace mlir;

extern "C" int ir_is_isolated(MlirOperation op)
{
	return unwrap(op)->hasTrait<OpTrait::IsIsolatedFromAbove>();
}

extern "C" int ir_same_attributes(MlirOperation a, MlirOperation b)
{
	return unwrap(a)->getAttrDictionary() == unwrap(b)->getAttrDictionary();
}

extern "C" int ir_verify_symbol_uses(MlirOperation op)
{
	Operation *root = unwrap(op);
	ScopedDiagnosticHandler quiet(root->getContext(),
		[](Diagnostic &) { return success(); });
	SymbolTableCollection tables;
	WalkResult r = root->walk([&](Operation *o) {
		auto user = dyn_cast<SymbolUserOpInterface>(o);
		if (user && failed(user.verifySymbolUses(tables)))
			return WalkResult::interrupt();
		return WalkResult::advance();
	});
	return r.wasInterrupted() ? -1 : 0;
}

extern "C" int ir_uses_alias(MlirOperation op)
{
	Operation *root = unwrap(op);
	std::vector<const OpAsmDialectInterface *> names;
	llvm::DenseSet<const void *> seen;
	AttrTypeWalker walker;
	bool found = false;

	for (Dialect *d : root->getContext()->getLoadedDialects())
		if (auto *i = d->getRegisteredInterface<OpAsmDialectInterface>())
			names.push_back(i);
	auto named = [&](auto x) {
		std::string s;
		llvm::raw_string_ostream os(s);
		for (const OpAsmDialectInterface *i : names)
			if (i->getAlias(x, os) !=
			    OpAsmDialectInterface::AliasResult::NoAlias)
				return true;
		return false;
	};
	// Locations are not printed (no debug info), so their aliases never are.
	walker.addWalk([&](Attribute a) {
		if (isa<LocationAttr>(a) || !seen.insert(a.getAsOpaquePointer()).second)
			return WalkResult::skip();
		if (named(a)) {
			found = true;
			return WalkResult::interrupt();
		}
		return WalkResult::advance();
	});
	walker.addWalk([&](Type t) {
		if (!seen.insert(t.getAsOpaquePointer()).second)
			return WalkResult::skip();
		if (named(t)) {
			found = true;
			return WalkResult::interrupt();
		}
		return WalkResult::advance();
	});
	root->walk([&](Operation *o) {
		if (walker.walk(o->getAttrDictionary()).wasInterrupted())
			return WalkResult::interrupt();
		for (Type t : o->getResultTypes())
			if (walker.walk(t).wasInterrupted())
				return WalkResult::interrupt();
		for (Region &r : o->getRegions())
			for (Block &b : r)
				for (BlockArgument a : b.getArguments())
					if (walker.walk(a.getType()).wasInterrupted())
						return WalkResult::interrupt();
		return WalkResult::advance();
	});
	return found;
}

extern "C" MlirModule ir_module_parse_unverified(MlirContext ctx,
	MlirStringRef text)
{
	ParserConfig config(unwrap(ctx), /*verifyAfterParse=*/false);
	OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(
		StringRef(text.data, text.length), config);

	return m ? wrap(m.release()) : MlirModule{nullptr};
}

namespace {
// Hands the text to write(user, ...) 64 KB at a time.
class chunk_ostream : public llvm::raw_ostream {
	void (*write)(void *, const void *, size_t);
	void *user;
	uint64_t pos = 0;

	void write_impl(const char *p, size_t n) override
	{
		write(user, p, n);
		pos += n;
	}
	uint64_t current_pos() const override { return pos; }

public:
	chunk_ostream(void (*w)(void *, const void *, size_t), void *u)
		: write(w), user(u)
	{
		SetBufferSize(1 << 16);
	}
	~chunk_ostream() override { flush(); }
};
} // namespace

extern "C" void ir_print_buffered(MlirOperation op, MlirOpPrintingFlags flags,
	void (*write)(void *, const void *, size_t), void *user)
{
	chunk_ostream os(write, user);

	unwrap(op)->print(os, *unwrap(flags));
}
