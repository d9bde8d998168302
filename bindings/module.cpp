// The pyai._core extension module: one module, a file per area.
#include <pybind11/pybind11.h>

#include "../csrc/core/errors.h"
#include "../csrc/search/node_arena.h"
#include "search_binding.h"

namespace py = pybind11;

// One binding file per game (its state, view and search classes), for every game
// CMakeLists.txt's PYAI_GAMES names.
#define PYAI_GAME(name) void bind_##name(py::module_& m);
#include "registered_games.inc"
#undef PYAI_GAME

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
        case pyai::ErrorKind::kBadSetting: name = "SettingError"; break;
        case pyai::ErrorKind::kBadArgument: name = "ArgumentError"; break;
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
  py::list games;
#define PYAI_GAME(name) \
  bind_##name(m);       \
  games.append(#name);
#include "registered_games.inc"
#undef PYAI_GAME
  m.attr("GAMES") = py::tuple(games);  // the packages pyai/games.py imports, in this order
  m.attr("NODE_BYTES") = pyai::search::kBytesPerNode;
  m.def(
      "search_settings",
      [] {
        py::list rows;
        const pyai::search::SearchConfig defaults;
        for (const auto& spec : pyai::search::search_settings())
          rows.append(pyai::bindings::setting_row(spec, defaults, "search"));
        return rows;
      },
      "The settings every game's search has (a game's Search.settings() adds its own).");
}
