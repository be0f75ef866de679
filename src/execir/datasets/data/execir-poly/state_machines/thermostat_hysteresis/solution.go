package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func thermostat(readings []int, low, high int) ([]string, int) {
	heating := false
	activations := 0
	states := []string{}
	for _, temp := range readings {
		if temp < low {
			if !heating {
				activations++
			}
			heating = true
		} else if temp > high {
			heating = false
		}
		if heating {
			states = append(states, "on")
		} else {
			states = append(states, "off")
		}
	}
	return states, activations
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var low, high, t int
	fmt.Fscan(reader, &low, &high)
	readings := []int{}
	for {
		if _, err := fmt.Fscan(reader, &t); err != nil {
			break
		}
		readings = append(readings, t)
	}
	states, activations := thermostat(readings, low, high)
	fmt.Println(strings.Join(states, " "))
	fmt.Println(activations)
}
