// The side files of ONNX external data, mapped once per MLIR context: each
// is a blob of the builtin dialect's resource manager that no attribute
// names, so the printer never writes it; tensors point into it.
#include "mlir/CAPI/IR.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"

#include <cstddef>
#include <sys/mman.h>

using namespace mlir;

static DialectResourceBlobManager &side_manager(MlirContext ctx)
{
	return DenseResourceElementsHandle::getManagerInterface(unwrap(ctx))
		.getBlobManager();
}

extern "C" const void *onnx_external_map_get(MlirContext ctx, const char *key,
	size_t *size)
{
	DialectResourceBlobManager::BlobEntry *e =
		side_manager(ctx).lookup(llvm::StringRef(key));
	AsmResourceBlob *blob = e ? e->getBlob() : nullptr;

	if (!blob)
		return nullptr;
	*size = blob->getData().size();
	return blob->getData().data();
}

extern "C" void onnx_external_map_put(MlirContext ctx, const char *key,
	void *base, size_t size)
{
	AsmResourceBlob blob(llvm::ArrayRef<char>((const char *)base, size), 1,
		[base, size](void *, size_t, size_t) { munmap(base, size); }, false);
	DialectResourceBlobManager &m = side_manager(ctx);
	llvm::StringRef k(key);

	if (DialectResourceBlobManager::BlobEntry *e = m.lookup(k))
		e->setBlob(std::move(blob));
	else
		m.insert(k, std::move(blob));
}
