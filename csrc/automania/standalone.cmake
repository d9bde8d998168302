# What a C++ program outside Python (the tests, the bench driver) needs to play
# Automania: the shipped component set (pyai/automania/components.toml, which
# the Python package reads at run time) compiled in as a header,
# automania_default_components.h, written by the same Python checker the game
# uses. Included by CMakeLists.txt; pyai_standalone_automania(target) gives a
# target the header.
find_package(Python 3.11 REQUIRED COMPONENTS Interpreter)
set(AUTOMANIA_COMPONENTS "${PROJECT_SOURCE_DIR}/pyai/automania/components.toml")
set(AUTOMANIA_CHECKER "${PROJECT_SOURCE_DIR}/pyai/automania/component_file.py")
set(AUTOMANIA_HEADER "${PYAI_GENERATED_DIR}/automania_default_components.h")
add_custom_command(
  OUTPUT "${AUTOMANIA_HEADER}"
  COMMAND "${CMAKE_COMMAND}" -E make_directory "${PYAI_GENERATED_DIR}"
  COMMAND "${Python_EXECUTABLE}" "${AUTOMANIA_CHECKER}" --cpp-header "${AUTOMANIA_HEADER}" "${AUTOMANIA_COMPONENTS}"
  DEPENDS "${AUTOMANIA_COMPONENTS}" "${AUTOMANIA_CHECKER}"
  COMMENT "Compiling Automania's component data for the C++ programs")

function(pyai_standalone_automania target)
  target_sources(${target} PRIVATE "${AUTOMANIA_HEADER}")
endfunction()
