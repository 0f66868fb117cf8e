package lessai

import (
	"fmt"

	"gameai/ai"
)

// ParseTeammate reads the teammate model of the tree searches, the
// service's option and the bot specs' setting alike: max plans the
// teammate's turns as the mover's own (true), chance leaves them to chance.
func ParseTeammate(s string) (bool, error) {
	switch s {
	case "max":
		return true, nil
	case "chance":
		return false, nil
	}
	return false, &ai.OptionError{Name: "teammate", Reason: fmt.Sprintf("%q is not max or chance", s)}
}
