package main

import (
	"bufio"
	"fmt"
	"os"
)

func bowlingScore(rolls []int) int {
	roll := func(i int) int {
		if i < len(rolls) {
			return rolls[i]
		}
		return 0
	}
	total, i := 0, 0
	for frame := 0; frame < 10 && i < len(rolls); frame++ {
		if rolls[i] == 10 {
			total += 10 + roll(i+1) + roll(i+2)
			i++
		} else if roll(i)+roll(i+1) == 10 {
			total += 10 + roll(i+2)
			i += 2
		} else {
			total += roll(i) + roll(i+1)
			i += 2
		}
	}
	return total
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	rolls := []int{}
	var r int
	for {
		if _, err := fmt.Fscan(reader, &r); err != nil {
			break
		}
		rolls = append(rolls, r)
	}
	fmt.Println(bowlingScore(rolls))
}
