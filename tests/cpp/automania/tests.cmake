# Automania's C++ tests (its test program and its search stress section) play
# with the shipped component set, compiled in from the one data file by the
# same Python checker the game uses. Included by CMakeLists.txt for each game
# whose test folder has a tests.cmake, after the game's test targets exist.
find_package(Python 3.11 REQUIRED COMPONENTS Interpreter)
set(AUTOMANIA_COMPONENTS "${PROJECT_SOURCE_DIR}/pyai/automania/components.toml")
set(AUTOMANIA_CHECKER "${PROJECT_SOURCE_DIR}/pyai/automania/component_file.py")
set(AUTOMANIA_HEADER "${PYAI_GENERATED_DIR}/automania_default_components.h")
add_custom_command(
  OUTPUT "${AUTOMANIA_HEADER}"
  COMMAND "${CMAKE_COMMAND}" -E make_directory "${PYAI_GENERATED_DIR}"
  COMMAND "${Python_EXECUTABLE}" "${AUTOMANIA_CHECKER}" --cpp-header "${AUTOMANIA_HEADER}" "${AUTOMANIA_COMPONENTS}"
  DEPENDS "${AUTOMANIA_COMPONENTS}" "${AUTOMANIA_CHECKER}"
  COMMENT "Compiling Automania's component data for the C++ tests")
target_sources(pyai_automania_tests PRIVATE "${AUTOMANIA_HEADER}")
target_sources(pyai_search_stress PRIVATE "${AUTOMANIA_HEADER}")
