package main

import (
	"bufio"
	"fmt"
	"os"
)

func tally(events []string) (int, int, int) {
	locked := true
	passes, alarms, wasted := 0, 0, 0
	for _, event := range events {
		switch event {
		case "coin":
			if locked {
				locked = false
			} else {
				wasted++
			}
		case "push":
			if locked {
				alarms++
			} else {
				passes++
				locked = true
			}
		}
	}
	return passes, alarms, wasted
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Split(bufio.ScanWords)
	events := []string{}
	for scanner.Scan() {
		events = append(events, scanner.Text())
	}
	fmt.Println(tally(events))
}
