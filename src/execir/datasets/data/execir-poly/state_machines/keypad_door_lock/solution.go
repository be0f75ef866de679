package main

import (
	"bufio"
	"fmt"
	"os"
)

func keypadState(keys, code string, maxFailures int) string {
	state, entry, failures := "locked", "", 0
	for _, key := range keys {
		if state != "locked" {
			break
		}
		if key == '#' {
			if entry == code {
				state = "open"
			} else {
				failures++
				if failures >= maxFailures {
					state = "blocked"
				}
			}
			entry = ""
		} else {
			entry += string(key)
		}
	}
	return state
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var code, keys string
	var limit int
	fmt.Fscan(reader, &code, &limit)
	fmt.Fscan(reader, &keys)
	fmt.Println(keypadState(keys, code, limit))
}
