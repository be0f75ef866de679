package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func debounce(samples []int, initial, stable int) []int {
	output, candidate, streak := initial, initial, 0
	levels := []int{}
	for _, s := range samples {
		if s == output {
			streak = 0
		} else if s == candidate {
			streak++
		} else {
			candidate = s
			streak = 1
		}
		if streak >= stable {
			output = s
			streak = 0
		}
		levels = append(levels, output)
	}
	return levels
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var initial, stable, s int
	fmt.Fscan(reader, &initial, &stable)
	samples := []int{}
	for {
		if _, err := fmt.Fscan(reader, &s); err != nil {
			break
		}
		samples = append(samples, s)
	}
	fmt.Println(strings.Trim(fmt.Sprint(debounce(samples, initial, stable)), "[]"))
}
