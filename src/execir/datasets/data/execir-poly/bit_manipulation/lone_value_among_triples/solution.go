package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func loneValue(nums []int64) int64 {
	var result int64
	for bit := uint(0); bit < 31; bit++ {
		count := 0
		for _, x := range nums {
			count += int((x >> bit) & 1)
		}
		if count%3 == 1 {
			result |= int64(1) << bit
		}
	}
	return result
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
	fmt.Println(loneValue(nums))
}
