// Blobs of the builtin dialect's dense_resource attributes, through the
// C++ API where MLIR 19's C API has nothing: the bytes of a blob in place
// (the C API reads them one element at a time), and setting a blob by key
// (for the fast loading of big .mlir files in mlir_resources.c).
#include "mlir/CAPI/IR.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"

#include <cstddef>

using namespace mlir;

extern "C" const void *ir_resource_bytes(MlirAttribute a, size_t *len)
{
	auto attr = llvm::dyn_cast<DenseResourceElementsAttr>(unwrap(a));
	if (!attr)
		return nullptr;
	AsmResourceBlob *blob = attr.getRawHandle().getBlob();
	if (!blob)
		return nullptr;
	llvm::ArrayRef<char> data = blob->getData();
	*len = data.size();
	return data.data();
}

static DialectResourceBlobManager &blob_manager(MlirContext ctx)
{
	return DenseResourceElementsHandle::getManagerInterface(unwrap(ctx))
		.getBlobManager();
}

extern "C" int ir_resource_known(MlirContext ctx, const char *key, size_t n)
{
	return blob_manager(ctx).lookup(llvm::StringRef(key, n)) != nullptr;
}

extern "C" void ir_resource_set(MlirContext ctx, const char *key, size_t n,
	void *data, size_t len, size_t align, void (*release)(void *))
{
	AsmResourceBlob blob(llvm::ArrayRef<char>((const char *)data, len), align,
		[release](void *p, size_t, size_t) { release(p); }, true);
	DialectResourceBlobManager &m = blob_manager(ctx);
	llvm::StringRef k(key, n);

	if (DialectResourceBlobManager::BlobEntry *e = m.lookup(k))
		e->setBlob(std::move(blob));
	else
		m.insert(k, std::move(blob));
}
