package main

import (
	"bufio"
	"fmt"
	"os"
)

var names = []string{"love", "fifteen", "thirty", "forty"}

func scoreCall(points string) string {
	a, b := 0, 0
	for _, p := range points {
		if p == 'A' {
			a++
		} else {
			b++
		}
		if (a >= 4 || b >= 4) && (a-b >= 2 || b-a >= 2) {
			if a > b {
				return "game A"
			}
			return "game B"
		}
	}
	if a >= 3 && b >= 3 {
		if a == b {
			return "deuce"
		} else if a > b {
			return "advantage A"
		}
		return "advantage B"
	}
	return names[a] + "-" + names[b]
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Split(bufio.ScanWords)
	for scanner.Scan() {
		fmt.Println(scoreCall(scanner.Text()))
	}
}
