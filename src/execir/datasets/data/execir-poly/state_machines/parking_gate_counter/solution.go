package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func trackGate(events []string, capacity int) (int, int, int) {
	occupancy, turnedAway, peak := 0, 0, 0
	for _, event := range events {
		if event == "in" {
			if occupancy < capacity {
				occupancy++
				if occupancy > peak {
					peak = occupancy
				}
			} else {
				turnedAway++
			}
		} else if event == "out" && occupancy > 0 {
			occupancy--
		}
	}
	return occupancy, turnedAway, peak
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Split(bufio.ScanWords)
	scanner.Scan()
	capacity, _ := strconv.Atoi(scanner.Text())
	events := []string{}
	for scanner.Scan() {
		events = append(events, scanner.Text())
	}
	fmt.Println(trackGate(events, capacity))
}
