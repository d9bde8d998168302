// A move or deal applied to one seat's view, as that seat sees it happen at
// the table: what a partial view learns from it.
//
// A view may not know another seat's cash (a range) or hand (a count). A
// move by such a seat shows what it had: a played advisor or a sold vehicle
// comes out of its unknown hand (and is known from then on); a bid shows the
// cash is at least the bid, and a payment shifts the range. A Consultant's
// fee from a seat whose cash is unknown is taken as paid when its range
// allows it (the rules take it whenever the seat can pay; a person at the
// table who saw otherwise describes the position again).
#pragma once

#include <string>
#include <string_view>

#include "information.h"

namespace pyai::forsale {

// Applies `token` to `view` (its state and unknowns) and returns the
// canonical token. Throws GameError (kSyntax, kIllegalMove: not legal even
// with the unknowns resolved in its favour; kInconsistent: the view has no
// room for it, or it would reveal sells the view has hidden); `view` is
// unchanged when it throws.
std::string apply_seen(View& view, std::string_view token);

}  // namespace pyai::forsale
