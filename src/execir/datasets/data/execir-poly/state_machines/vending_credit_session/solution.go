package main

import (
	"bufio"
	"fmt"
	"os"
)

func session(coins []int, price int) (int, int, int) {
	credit, items, rejected := 0, 0, 0
	for _, coin := range coins {
		if coin != 5 && coin != 10 && coin != 25 {
			rejected += coin
			continue
		}
		credit += coin
		if credit >= price {
			items++
			credit -= price
		}
	}
	return items, credit, rejected
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var price, coin int
	fmt.Fscan(reader, &price)
	coins := []int{}
	for {
		if _, err := fmt.Fscan(reader, &coin); err != nil {
			break
		}
		coins = append(coins, coin)
	}
	fmt.Println(session(coins, price))
}
