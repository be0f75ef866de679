package main

import (
	"bufio"
	"fmt"
	"os"
)

func totalTravel(start int, requests []int, lo, hi int) (int, int) {
	current, travelled := start, 0
	for _, floor := range requests {
		if floor < lo || floor > hi {
			continue
		}
		if floor > current {
			travelled += floor - current
		} else {
			travelled += current - floor
		}
		current = floor
	}
	return travelled, current
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var start, lo, hi, f int
	fmt.Fscan(reader, &start, &lo, &hi)
	requests := []int{}
	for {
		if _, err := fmt.Fscan(reader, &f); err != nil {
			break
		}
		requests = append(requests, f)
	}
	travelled, final := totalTravel(start, requests, lo, hi)
	fmt.Println(travelled)
	fmt.Println(final)
}
