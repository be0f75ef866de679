package main

import (
	"bufio"
	"fmt"
	"os"
)

var step = [5][2]int{{0, 1}, {2, 1}, {0, 3}, {2, 4}, {2, 1}}

func count1011(bits string) int {
	state, count := 0, 0
	for _, ch := range bits {
		if ch != '0' && ch != '1' {
			state = 0
			continue
		}
		state = step[state][ch-'0']
		if state == 4 {
			count++
		}
	}
	return count
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Split(bufio.ScanWords)
	for scanner.Scan() {
		fmt.Println(count1011(scanner.Text()))
	}
}
