package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func totalHamming(nums []int64) int64 {
	var total int64
	n := int64(len(nums))
	for bit := uint(0); bit < 31; bit++ {
		var ones int64
		for _, x := range nums {
			ones += (x >> bit) & 1
		}
		total += ones * (n - ones)
	}
	return total
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
	fmt.Println(totalHamming(nums))
}
