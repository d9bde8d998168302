"""Positions whose game is decided, for the advice's margin search."""

# For Sale, 4 players, two selling rounds left: seat 0 is so far ahead that every move wins, and
# selling its 30 takes the 15 on the table.
FOR_SALE_FAR_AHEAD = (
    "phase:selling round:6 table:0,2,3,15 cash:20/0/0/0 "
    "played:4,5,11,22,23,24,28/1,6,9,14,17,26,29/2,3,7,16,18,25,27/10,12,13,15,19,21,30 "
    "vehicles:30,1/8,2/14,3/9,4 checks:15,14,14,13,13/0,2,3,4,4/5,5,6,6,7/7,8,8,9,9"
)
