// The pyai._core extension module: one module, a file per area.
#include <pybind11/pybind11.h>

#include "../csrc/core/errors.h"

namespace py = pybind11;

void bind_forsale(py::module_& m);
void bind_search(py::module_& m);

namespace {

// Maps a core GameError onto the Python exception classes of pyai.errors, so
// Python callers catch pyai.IllegalMoveError (a ValueError) and friends.
void translate_game_errors() {
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const pyai::GameError& error) {
      const char* name = "PyaiError";
      switch (error.kind()) {
        case pyai::ErrorKind::kSyntax: name = "TokenSyntaxError"; break;
        case pyai::ErrorKind::kIllegalMove: name = "IllegalMoveError"; break;
        case pyai::ErrorKind::kBadConfig: name = "GameStringError"; break;
        case pyai::ErrorKind::kOutOfPhase: name = "PhaseError"; break;
        case pyai::ErrorKind::kInconsistent: name = "InconsistentPositionError"; break;
      }
      py::object cls = py::module_::import("pyai.errors").attr(name);
      PyErr_SetString(cls.ptr(), error.what());
    }
  });
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "pyai's C++ core: game rules, information and search";
  translate_game_errors();
  bind_forsale(m);
  bind_search(m);
}
