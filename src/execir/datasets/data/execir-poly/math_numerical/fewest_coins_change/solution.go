package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func fewestCoins(coins []int, amount int) int {
	best := make([]int, amount+1)
	for t := 1; t <= amount; t++ {
		best[t] = -1
		for _, coin := range coins {
			if coin <= t && best[t-coin] >= 0 {
				candidate := best[t-coin] + 1
				if best[t] < 0 || candidate < best[t] {
					best[t] = candidate
				}
			}
		}
	}
	return best[amount]
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Scan()
	var coins []int
	for _, field := range strings.Fields(scanner.Text()) {
		c, _ := strconv.Atoi(field)
		coins = append(coins, c)
	}
	for scanner.Scan() {
		amount, err := strconv.Atoi(strings.TrimSpace(scanner.Text()))
		if err != nil {
			continue
		}
		if count := fewestCoins(coins, amount); count < 0 {
			fmt.Println("impossible")
		} else {
			fmt.Println(count)
		}
	}
}
