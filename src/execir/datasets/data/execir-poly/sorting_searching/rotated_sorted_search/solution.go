package main

import (
	"bufio"
	"fmt"
	"os"
)

func searchRotated(nums []int, target int) int {
	lo, hi := 0, len(nums)-1
	for lo <= hi {
		mid := lo + (hi-lo)/2
		if nums[mid] == target {
			return mid
		}
		if nums[lo] <= nums[mid] {
			if nums[lo] <= target && target < nums[mid] {
				hi = mid - 1
			} else {
				lo = mid + 1
			}
		} else if nums[mid] < target && target <= nums[hi] {
			lo = mid + 1
		} else {
			hi = mid - 1
		}
	}
	return -1
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	writer := bufio.NewWriter(os.Stdout)
	defer writer.Flush()
	var n, target int
	fmt.Fscan(reader, &n)
	nums := make([]int, n)
	for i := range nums {
		fmt.Fscan(reader, &nums[i])
	}
	for {
		if _, err := fmt.Fscan(reader, &target); err != nil {
			break
		}
		fmt.Fprintln(writer, searchRotated(nums, target))
	}
}
