// Errors that cross the boundary to a caller (Python, the protocol).
//
// The core throws these only from checked entry points (token parsing,
// validated apply, configuration); the search hot loop never throws. The
// bindings map each kind onto a Python exception class.
#pragma once

#include <stdexcept>
#include <string>

namespace pyai {

enum class ErrorKind {
  kSyntax,        // a token or game string that is not well formed
  kIllegalMove,   // a well-formed move that the rules do not allow now
  kBadConfig,     // an impossible game setting (players=7, theme=x)
  kOutOfPhase,    // a call that makes no sense in this state (scores before the end)
  kInconsistent,  // a position or view that cannot arise in the game
  kBadSetting,    // a search setting out of its range (threads=0, an unknown name)
  kBadArgument,   // another argument out of its range (a seat)
};

class GameError : public std::runtime_error {
 public:
  GameError(ErrorKind kind, const std::string& message)
      : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

}  // namespace pyai
