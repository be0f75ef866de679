package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func maxPairXor(nums []int64) int64 {
	best := int64(-1)
	for i := 0; i < len(nums); i++ {
		for j := i + 1; j < len(nums); j++ {
			if value := nums[i] ^ nums[j]; value > best {
				best = value
			}
		}
	}
	return best
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	n, _ := strconv.Atoi(sc.Text())
	nums := make([]int64, n)
	for i := range nums {
		sc.Scan()
		nums[i], _ = strconv.ParseInt(sc.Text(), 10, 64)
	}
	fmt.Println(maxPairXor(nums))
}
