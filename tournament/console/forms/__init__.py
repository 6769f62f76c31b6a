"""Forms of the organiser's console, one module per console page (as `views`):

- `tournament`: create, edit, delete or hide a tournament;
- `roster`: a player, and their withdrawal;
- `roster_import`: the roster import (a file or pasted rows, and its columns);
- `officials`: an official and their role;
- `rounds`: a round's status, a penalty's deletion;
- `presets`: penalty presets and the example sets;
- `seating`: seating a round from the roll call, generating the seating, a table change, a
  swap of seats;
- `stages`: the stages' cuts, a cut confirmed or undone.

Forms only check and clean input; the writes are the domain packages' services
(`event.services`, `seating.services` for roster changes that reseat).
"""
